#include "report/png.h"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>

namespace gocount {

namespace {

constexpr double kMaxSide = 16384;  // pixels: cairo's own limit is 32767

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const {
    if (p) Free(p);
  }
};
void unref_handle(RsvgHandle* h) { g_object_unref(h); }
using Handle = std::unique_ptr<RsvgHandle, Deleter<RsvgHandle, unref_handle>>;
using Surface = std::unique_ptr<cairo_surface_t, Deleter<cairo_surface_t, cairo_surface_destroy>>;
using Context = std::unique_ptr<cairo_t, Deleter<cairo_t, cairo_destroy>>;
using Error = std::unique_ptr<GError, Deleter<GError, g_error_free>>;

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
  GError* raw = nullptr;
  Handle handle(rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &raw));
  Error parse_error(raw);
  if (!handle) return fail("the picture is not SVG librsvg can read: " + first_line(parse_error.get()));
  double w = 0, h = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &w, &h))
    return fail("the picture has no size in pixels (width and height)");
  w = std::ceil(w * scale);
  h = std::ceil(h * scale);
  if (!(w >= 1 && h >= 1)) return fail("the picture is empty (width or height 0)");
  if (w > kMaxSide || h > kMaxSide)
    return fail("the picture is too large for PNG: " + std::to_string(static_cast<long>(w)) + "x" +
                std::to_string(static_cast<long>(h)) + " pixels");
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(w), static_cast<int>(h)));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    return fail(std::string("cannot make the image: ") + cairo_status_to_string(cairo_surface_status(surface.get())));
  Context cr(cairo_create(surface.get()));
  // Opaque (RGB, a third smaller than with alpha): white under the picture.
  cairo_set_source_rgb(cr.get(), 1, 1, 1);
  cairo_paint(cr.get());
  const RsvgRectangle viewport{0, 0, w, h};
  raw = nullptr;
  const bool drawn = rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &raw);
  Error render_error(raw);
  if (!drawn) return fail("librsvg cannot draw the picture: " + first_line(render_error.get()));
  if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
    return fail(std::string("cannot draw the image: ") + cairo_status_to_string(cairo_status(cr.get())));
  std::string png;
  if (cairo_surface_write_to_png_stream(surface.get(), append, &png) != CAIRO_STATUS_SUCCESS)
    return fail("cannot write the PNG");
  return png;
}

}  // namespace gocount
