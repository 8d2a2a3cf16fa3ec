#include "report/png.h"

#include <cairo.h>
#include <dlfcn.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>

namespace gocount {

namespace {

constexpr double kMaxSide = 16384;  // pixels: cairo's own limit is 32767

// librsvg, with cairo and GLib under it, is some fifty libraries: linked,
// loading them cost every run of gocount about 45 of its 50 ms, and every
// program linking the library as much, PNG or not. So it is loaded when the
// first PNG is drawn; its headers give the functions' types.
#define GOCOUNT_RSVG_FUNCTIONS(X)                                                                              \
  X(rsvg_handle_new_from_data) X(rsvg_handle_get_intrinsic_size_in_pixels) X(rsvg_handle_render_document)     \
  X(g_object_unref) X(g_error_free) X(cairo_image_surface_create) X(cairo_surface_status) X(cairo_status_to_string) \
  X(cairo_create) X(cairo_set_source_rgb) X(cairo_paint) X(cairo_status) X(cairo_surface_write_to_png_stream)      \
  X(cairo_surface_destroy) X(cairo_destroy)

struct Rsvg {
#define GOCOUNT_RSVG_MEMBER(f) decltype(&::f) f = nullptr;
  GOCOUNT_RSVG_FUNCTIONS(GOCOUNT_RSVG_MEMBER)
#undef GOCOUNT_RSVG_MEMBER
  std::string error;  // why it could not be loaded ("" once loaded)
};

// Loaded once per process (thread-safe: a static's first initialisation);
// dlsym on librsvg's handle finds cairo and GLib among its dependencies.
const Rsvg& rsvg() {
  static const Rsvg loaded = [] {
    Rsvg r;
    constexpr const char* kLibrary = "librsvg-2.so.2";
    void* lib = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* why = dlerror();
      r.error = std::string("PNG pictures need librsvg (") + kLibrary + ", Debian's librsvg2-2), which cannot be loaded: " +
                (why ? why : "not found");
      return r;
    }
#define GOCOUNT_RSVG_LOAD(f)                                               \
  r.f = reinterpret_cast<decltype(&::f)>(dlsym(lib, #f));                  \
  if (!r.f && r.error.empty()) r.error = "librsvg has no function " #f " (librsvg 2.52 or later is needed)";
    GOCOUNT_RSVG_FUNCTIONS(GOCOUNT_RSVG_LOAD)
#undef GOCOUNT_RSVG_LOAD
    return r;
  }();
  return loaded;
}

template <class T>
struct Deleter {
  void (*free)(T*);
  void operator()(T* p) const {
    if (p) free(p);
  }
};
using Handle = std::unique_ptr<RsvgHandle, Deleter<RsvgHandle>>;
using Surface = std::unique_ptr<cairo_surface_t, Deleter<cairo_surface_t>>;
using Context = std::unique_ptr<cairo_t, Deleter<cairo_t>>;
using Error = std::unique_ptr<GError, Deleter<GError>>;

// The first line of librsvg's message.
std::string first_line(const GError* e) {
  std::string m = e && e->message ? e->message : "unknown error";
  if (const size_t nl = m.find('\n'); nl != std::string::npos) m.resize(nl);
  return m;
}

cairo_status_t append(void* out, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(out)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string svg_to_png(std::string_view svg, double scale, std::string* error) {
  auto fail = [&](std::string message) {
    *error = std::move(message);
    return std::string();
  };
  const Rsvg& r = rsvg();
  if (!r.error.empty()) return fail(r.error);
  auto unref = [](RsvgHandle* h) { rsvg().g_object_unref(h); };
  GError* raw = nullptr;
  Handle handle(r.rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &raw), {unref});
  Error parse_error(raw, {r.g_error_free});
  if (!handle) return fail("the picture is not SVG librsvg can read: " + first_line(parse_error.get()));
  double w = 0, h = 0;
  if (!r.rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &w, &h))
    return fail("the picture has no size in pixels (width and height)");
  w = std::ceil(w * scale);
  h = std::ceil(h * scale);
  if (!(w >= 1 && h >= 1)) return fail("the picture is empty (width or height 0)");
  if (w > kMaxSide || h > kMaxSide)
    return fail("the picture is too large for PNG: " + std::to_string(static_cast<long>(w)) + "x" +
                std::to_string(static_cast<long>(h)) + " pixels");
  Surface surface(r.cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(w), static_cast<int>(h)),
                  {r.cairo_surface_destroy});
  if (r.cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    return fail(std::string("cannot make the image: ") + r.cairo_status_to_string(r.cairo_surface_status(surface.get())));
  Context cr(r.cairo_create(surface.get()), {r.cairo_destroy});
  // Opaque (RGB, a third smaller than with alpha): white under the picture.
  r.cairo_set_source_rgb(cr.get(), 1, 1, 1);
  r.cairo_paint(cr.get());
  const RsvgRectangle viewport{0, 0, w, h};
  raw = nullptr;
  const bool drawn = r.rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &raw);
  Error render_error(raw, {r.g_error_free});
  if (!drawn) return fail("librsvg cannot draw the picture: " + first_line(render_error.get()));
  if (r.cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
    return fail(std::string("cannot draw the image: ") + r.cairo_status_to_string(r.cairo_status(cr.get())));
  std::string png;
  if (r.cairo_surface_write_to_png_stream(surface.get(), append, &png) != CAIRO_STATUS_SUCCESS)
    return fail("cannot write the PNG");
  return png;
}

}  // namespace gocount
