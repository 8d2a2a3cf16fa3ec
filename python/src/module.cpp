// gocount._gocount: the public C++ API (include/gocount/) for Python. Only
// <gocount/gocount.h> is used: the Python module is a front end like the
// command. The Pythonic surface (keyword options, dicts) is gocount/__init__.py.
#include <gocount/gocount.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace py = pybind11;

namespace {

// A file's name (or a CSV row that holds one) as Python gives file names
// (os.fsdecode): bytes that are not UTF-8, a Latin-1 name's, as surrogate
// escapes, so that os.fsencode gives the name back.
py::str fs_text(const std::string& s) {
  PyObject* text = PyUnicode_DecodeFSDefaultAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
  if (!text) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(text);
}

PyObject* error_type = nullptr;  // gocount.Error

// gocount::Error as gocount.Error. A message names a file by its bytes:
// those that are not UTF-8 are shown as \xNN, where pybind11's strict
// decoding raised UnicodeDecodeError instead.
void translate_error(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const gocount::Error& e) {
    const std::string_view what = e.what();
    PyObject* message = PyUnicode_DecodeUTF8(what.data(), static_cast<Py_ssize_t>(what.size()), "backslashreplace");
    if (message) PyErr_SetObject(error_type, message);
    Py_XDECREF(message);
  }
}

// A game as gocount.read yields it: its position, or why it cannot be read.
struct PyGame {
  std::string file;  // the path it was read from ("" for text)
  gocount::Entry entry;
};

// A file's games, read as Python asks for them. Threads sharing one
// iterator take turns: the Collection is not thread-safe, and the GIL is
// released while it reads. The mutex is taken without the GIL, never the
// GIL under the mutex, so that neither waits on the other.
struct PyReader {
  std::string file;
  gocount::Collection games;
  std::mutex turn{};
  PyGame next() {
    PyGame g{file, {}};
    bool more = false;
    {
      py::gil_scoped_release release;
      const std::lock_guard<std::mutex> lock(turn);
      more = games.next(g.entry);
    }
    if (!more) throw py::stop_iteration();
    return g;
  }
};

// numpy's C API, loaded once. pybind11 2.10 loads it inside a function-local
// static (npy_api::get) with the GIL held; numpy's import lets other threads
// run, and one waiting on that static with the GIL hung them all. Here the
// wait is made without the GIL, as pybind11 2.12's gil_safe_call_once_and_store.
void load_numpy() {
  static std::once_flag once;
  static std::atomic<bool> loaded{false};
  if (loaded.load(std::memory_order_acquire)) return;
  py::gil_scoped_release release;
  std::call_once(once, [] {
    py::gil_scoped_acquire acquire;
    py::detail::npy_api::get();
    loaded.store(true, std::memory_order_release);
  });
}

template <class T>
py::array_t<T> grid(std::vector<T> values, int width, int height) {
  load_numpy();
  py::array_t<T> a({height, width});
  std::copy(values.begin(), values.end(), a.mutable_data());
  return a;
}

py::array_t<int8_t> stones(const std::vector<gocount::Stone>& s, int width, int height) {
  std::vector<int8_t> v(s.size());
  for (size_t i = 0; i < s.size(); ++i) v[i] = static_cast<int8_t>(s[i]);
  return grid(std::move(v), width, height);
}

const gocount::Position& position_of(const PyGame& g) {
  if (!g.entry.position) throw gocount::Error(g.entry.error);
  return *g.entry.position;
}

// A path as the library opens it: a NUL would end it early, and another
// file be read, so it is refused as open() refuses it.
const std::string& checked_path(const std::string& path) {
  if (path.find('\0') != std::string::npos) throw py::value_error("embedded null byte");
  return path;
}

gocount::ReadOptions read_options(const std::string& rules, std::optional<int> game, std::optional<int> move) {
  gocount::ReadOptions r;
  r.rules = rules;
  r.game = game.value_or(0);
  r.move = move;
  return r;
}

// The options of a count.
void bind_options(py::module_& m) {
  py::class_<gocount::Options>(m, "Options")
      .def(py::init<>())
      .def_readwrite("rules", &gocount::Options::rules)
      .def_readwrite("komi", &gocount::Options::komi)
      .def_readwrite("dead", &gocount::Options::dead)
      .def_readwrite("alive", &gocount::Options::alive)
      .def_readwrite("compensation", &gocount::Options::compensation)
      .def_readwrite("tie", &gocount::Options::tie)
      .def_readwrite("seki_fill", &gocount::Options::seki_fill)
      .def_readwrite("seki_dead_prisoners", &gocount::Options::seki_dead_prisoners)
      .def_readwrite("territory", &gocount::Options::territory)
      .def_readwrite("estimate", &gocount::Options::estimate)
      .def_readwrite("judge", &gocount::Options::judge)
      .def_readwrite("methods", &gocount::Options::methods)
      .def_readwrite("side", &gocount::Options::side)
      .def_readwrite("adjust", &gocount::Options::adjust)
      .def_readwrite("no_tie_breaker", &gocount::Options::no_tie_breaker);
  m.def("check", &gocount::check);
}

// Game `game` of text or a file as read() yields it, with its error and
// record hash when it cannot be read (csv_row writes its row); past the
// last game, read_file's Error, made here: "-" read again holds no game.
PyGame read_entry(const std::string& text_or_path, bool is_path, const std::string& rules, int game,
                  std::optional<int> move) {
  PyGame g{is_path ? checked_path(text_or_path) : "", {}};
  int games = 0;
  {
    py::gil_scoped_release release;
    const gocount::ReadOptions o = read_options(rules, 0, move);
    gocount::Collection c =
        is_path ? gocount::Collection(text_or_path, o) : gocount::Collection::from_text(text_or_path, o);
    for (; c.next(g.entry); ++games)
      if (g.entry.index == game) return g;
  }
  const std::string where = !is_path ? "" : text_or_path == "-" ? "<stdin>: " : text_or_path + ": ";
  throw gocount::Error(where + "game " + std::to_string(game) + " asked for, but the input has " +
                       std::to_string(games) + " game" + (games == 1 ? "" : "s"));
}

// Reading records: the games of a file or a text, one game.
void bind_reading(py::module_& m) {
  py::class_<PyGame>(m, "Game", "One game of a file, as gocount.read yields it")
      .def_property_readonly("file", [](const PyGame& g) { return fs_text(g.file); })
      .def_property_readonly("index", [](const PyGame& g) { return g.entry.index; })
      .def_property_readonly("error", [](const PyGame& g) { return g.entry.error; })
      .def_property_readonly("record_hash", [](const PyGame& g) { return g.entry.record_hash; })
      .def_property_readonly("ok", [](const PyGame& g) { return g.entry.position.has_value(); })
      .def_property_readonly("width", [](const PyGame& g) { return position_of(g).width(); })
      .def_property_readonly("height", [](const PyGame& g) { return position_of(g).height(); })
      .def_property_readonly("komi", [](const PyGame& g) { return position_of(g).komi(); })
      .def_property_readonly("rules", [](const PyGame& g) { return position_of(g).rules(); })
      .def_property_readonly("result", [](const PyGame& g) { return position_of(g).result(); })
      .def_property_readonly("handicap", [](const PyGame& g) { return position_of(g).handicap(); })
      .def_property_readonly("moves", [](const PyGame& g) { return position_of(g).moves(); })
      .def_property_readonly("board",
                             [](const PyGame& g) {
                               const gocount::Position& p = position_of(g);
                               return stones(p.board(), p.width(), p.height());
                             })
      .def("__repr__", [](const PyGame& g) {
        return "<gocount.Game " + gocount::quote_name(g.file) + " #" + std::to_string(g.entry.index) +
               (g.entry.position ? "" : " (unreadable)") + ">";
      });

  py::class_<PyReader>(m, "Reader")
      .def("__iter__", [](PyReader& r) -> PyReader& { return r; })
      .def("__next__", &PyReader::next);
  m.def("open", [](const std::string& path, const std::string& rules, std::optional<int> move) {
    return new PyReader{path, gocount::Collection(checked_path(path), read_options(rules, 0, move))};
  });
  m.def("from_text", [](const std::string& text, const std::string& rules, std::optional<int> move) {
    return new PyReader{"", gocount::Collection::from_text(text, read_options(rules, 0, move))};
  });
  // One game of text or a file, as read_record and read_file take it.
  m.def("read_one", [](const std::string& text_or_path, bool is_path, const std::string& rules,
                       std::optional<int> game, std::optional<int> move) {
    const gocount::ReadOptions o = read_options(rules, game, move);
    PyGame g{is_path ? checked_path(text_or_path) : "", {}};
    {
      py::gil_scoped_release release;
      g.entry.position = is_path ? gocount::read_file(text_or_path, o) : gocount::read_record(text_or_path, o);
    }
    g.entry.index = o.game;
    return g;
  });
  m.def("read_entry", &read_entry);
}

// A file's name from Python as its bytes: a str as os.fsencode encodes it
// (Game.file gives a name that is not UTF-8 with surrogate escapes), or bytes.
std::string fs_bytes(const py::object& name) {
  if (py::isinstance<py::bytes>(name)) return name.cast<std::string>();
  if (!py::isinstance<py::str>(name)) throw py::type_error("file: a str or bytes");
  PyObject* bytes = PyUnicode_EncodeFSDefault(name.ptr());
  if (!bytes) throw py::error_already_set();
  return py::reinterpret_steal<py::bytes>(bytes).cast<std::string>();
}

// Result::json, text or csv for Python, with the GIL released while it
// writes: the text and the CSV hold the file's name as its bytes (fs_text).
auto writer(std::string (gocount::Result::*write)(std::string_view, int) const) {
  return [write](const gocount::Result& r, const py::object& file, int game) {
    const std::string name = fs_bytes(file);
    std::string out;
    {
      py::gil_scoped_release release;
      out = (r.*write)(name, game);
    }
    return fs_text(out);
  };
}

// Counting: a game's result, the comparison of the rule sets, a count by
// hand, the CSV rows.
void bind_counting(py::module_& m) {
  py::class_<gocount::Result>(m, "Result", "A counted game: gocount.count's answer")
      .def_property_readonly("rules", &gocount::Result::rules)
      .def_property_readonly("komi", &gocount::Result::komi)
      .def_property_readonly("result", &gocount::Result::result)
      .def_property_readonly("margin", &gocount::Result::margin)
      .def_property_readonly("dead_stones", &gocount::Result::dead_stones)
      .def("json", writer(&gocount::Result::json), py::arg("file") = "", py::arg("game") = 0)
      .def("text", writer(&gocount::Result::text), py::arg("file") = "", py::arg("game") = 0)
      .def("csv", writer(&gocount::Result::csv), py::arg("file") = "", py::arg("game") = 0)
      .def("ownership_grid", [](const gocount::Result& r, int w, int h) { return grid(r.ownership(), w, h); })
      .def("territory_grid", [](const gocount::Result& r, int w, int h) { return stones(r.territory(), w, h); });

  // The count itself, with the GIL released: other Python threads (a Dask
  // worker's) go on while a game is counted.
  m.def("score", [](const PyGame& g, const gocount::Options& o) {
    const gocount::Position& p = position_of(g);
    py::gil_scoped_release release;
    return gocount::score(p, o);
  });
  m.def("compare", [](const PyGame& g, const gocount::Options& o, const std::vector<std::string>& columns) {
    const gocount::Position& p = position_of(g);
    py::gil_scoped_release release;
    return gocount::compare(p, o, columns).json;
  });
  m.def("board_given", [](std::optional<int> size, std::optional<int> width, std::optional<int> height) {
    return gocount::board_given(size, width, height, gocount::Names::keywords);  // 19x19 for none
  });
  m.def("tally", [](const gocount::Hand& h, const gocount::Options& o) {
    return gocount::tally(h, o, gocount::Names::keywords).json;  // black_territory=, as tally() takes it
  });
  py::class_<gocount::Hand>(m, "Hand")
      .def(py::init<>())
      .def_readwrite("width", &gocount::Hand::width)
      .def_readwrite("height", &gocount::Hand::height)
      .def_readwrite("non_scoring", &gocount::Hand::non_scoring)
      .def_readwrite("handicap", &gocount::Hand::handicap)
      .def_readwrite("black", &gocount::Hand::black)
      .def_readwrite("white", &gocount::Hand::white)
      .def_readwrite("black_territory", &gocount::Hand::black_territory)
      .def_readwrite("white_territory", &gocount::Hand::white_territory)
      .def_readwrite("black_stones", &gocount::Hand::black_stones)
      .def_readwrite("white_stones", &gocount::Hand::white_stones)
      .def_readwrite("black_prisoners", &gocount::Hand::black_prisoners)
      .def_readwrite("white_prisoners", &gocount::Hand::white_prisoners);
  m.def("csv_header", &gocount::csv_header);
  m.def("csv_error", [](const std::string& file, int game, const std::string& record_hash, const std::string& error) {
    return fs_text(gocount::csv_error(file, game, record_hash, error));
  });
}

}  // namespace

PYBIND11_MODULE(_gocount, m) {
  m.doc() = "gocount's C++ library; use the gocount package";
  m.attr("__version__") = GOCOUNT_VERSION;
  error_type = py::register_exception<gocount::Error>(m, "Error", PyExc_ValueError).ptr();
  py::register_exception_translator(translate_error);  // tried before register_exception's

  bind_options(m);
  bind_reading(m);
  bind_counting(m);
}
