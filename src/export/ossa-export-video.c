/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The video writer: frames pushed into a GStreamer pipeline, appsrc ! videoconvert
 * ! I420 ! vp8enc ! webmmux (WebM) or x264enc ! mp4mux (MP4) ! filesink, into a
 * temporary file beside the target that finish renames once the pipeline has
 * reached its end.
 *
 * Video has no alpha here: a frame's transparent parts are composited over white,
 * as a GIF with a transparent background shows on a page. Frames go in with
 * back-pressure (at most QUEUE_FRAMES wait in appsrc), so a long animation is never
 * held in memory. H.264 in 4:2:0 needs even sizes: an odd width or height gets one
 * more column or row, a copy of the last. Without GStreamer at build time both
 * formats say so (NO_ENCODER). */
#include "ossa-export-private.h"

#ifdef OSSA_HAVE_GSTREAMER

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <string.h>
#include <unistd.h>

/* Frames waiting in appsrc before add_frame waits for the encoder. */
#define QUEUE_FRAMES 4

typedef struct
{
  const char *element;
  const char *package;   /* the Debian package that has it */
} Element;

/* The encoder first: it is the one most often missing (plugins-ugly is not
 * installed by default), and the message names the first missing. */
static const Element webm_elements[] = {
  { "vp8enc", "gstreamer1.0-plugins-good" }, { "webmmux", "gstreamer1.0-plugins-good" },
  { "appsrc", "gstreamer1.0-plugins-base" }, { "videoconvert", "gstreamer1.0-plugins-base" },
  { "filesink", "libgstreamer1.0-0" },
};
static const Element mp4_elements[] = {
  { "x264enc", "gstreamer1.0-plugins-ugly" }, { "mp4mux", "gstreamer1.0-plugins-good" },
  { "appsrc", "gstreamer1.0-plugins-base" }, { "videoconvert", "gstreamer1.0-plugins-base" },
  { "filesink", "libgstreamer1.0-0" },
};

struct _OssaExportWriter
{
  char       *path;       /* the final name */
  char       *tmp_path;   /* filesink's, until finish */
  int         width, height;          /* of the frames given */
  int         out_width, out_height;  /* of the video: even for H.264 */
  size_t      n_frames, n_added;
  int         fps_n, fps_d;
  GstElement *pipeline;
  GstAppSrc  *src;
  GstElement *sink;
  GstBus     *bus;
  const char *encoder;   /* its element's name, for messages */
};

static gboolean
init_gst (GError **error)
{
  static gsize done = 0;
  static GError *init_error = NULL;

  if (g_once_init_enter (&done))
    {
      GError *err = NULL;

      if (!gst_init_check (NULL, NULL, &err))
        init_error = err;
      g_once_init_leave (&done, 1);
    }
  if (init_error != NULL)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER,
                   "GStreamer cannot start: %s", init_error->message);
      return FALSE;
    }
  return TRUE;
}

static const Element *
elements_of (OssaExportFormat format, size_t *n)
{
  if (format == OSSA_EXPORT_MP4)
    {
      *n = G_N_ELEMENTS (mp4_elements);
      return mp4_elements;
    }
  *n = G_N_ELEMENTS (webm_elements);
  return webm_elements;
}

gboolean
_ossa_export_video_check (OssaExportFormat format, GError **error)
{
  const char *what = format == OSSA_EXPORT_MP4 ? "MP4" : "WebM";
  const Element *elements;
  size_t n;

  g_return_val_if_fail (format == OSSA_EXPORT_WEBM || format == OSSA_EXPORT_MP4, FALSE);
  if (!init_gst (error))
    return FALSE;
  elements = elements_of (format, &n);
  for (size_t i = 0; i < n; i++)
    {
      GstElementFactory *factory = gst_element_factory_find (elements[i].element);

      if (factory == NULL)
        {
          g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER,
                       "%s video needs the GStreamer element '%s', which is not installed "
                       "(it is in the package %s)",
                       what, elements[i].element, elements[i].package);
          return FALSE;
        }
      gst_object_unref (factory);
    }
  return TRUE;
}

/* The error the bus holds (waiting up to timeout for one), as an export error:
 * the file sink's is an I/O error, any other element's the encoder's. FALSE when
 * there is none. */
static gboolean
take_bus_error (OssaExportWriter *w, GstClockTime timeout, GError **error)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (w->bus, timeout, GST_MESSAGE_ERROR);
  GError *gerr = NULL;
  gchar *debug = NULL;

  if (msg == NULL)
    return FALSE;
  gst_message_parse_error (msg, &gerr, &debug);
  if (GST_MESSAGE_SRC (msg) == GST_OBJECT (w->sink) || gerr->domain == GST_RESOURCE_ERROR)
    g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s", w->path,
                 gerr->message);
  else if (debug != NULL && strstr (debug, "not-negotiated") != NULL)
    /* The source says only "Internal data stream error": the frames' caps were
     * refused on the way, by the encoder (VP8 stops at 16383 pixels a side). */
    g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                 "%s: the encoder %s does not take frames of %d×%d at %d/%d fps", w->path,
                 w->encoder, w->out_width, w->out_height, w->fps_n, w->fps_d);
  else
    {
      const char *reason = debug != NULL ? strrchr (debug, '\n') : NULL;

      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER, "%s: %s failed: %s%s%s%s",
                   w->path, GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), gerr->message,
                   reason != NULL ? " (" : "", reason != NULL ? reason + 1 : "",
                   reason != NULL ? ")" : "");
    }
  g_error_free (gerr);
  g_free (debug);
  gst_message_unref (msg);
  return TRUE;
}

static void
writer_free (OssaExportWriter *w)
{
  if (w->pipeline != NULL)
    {
      gst_element_set_state (w->pipeline, GST_STATE_NULL);
      gst_object_unref (w->pipeline);
    }
  g_clear_pointer (&w->bus, gst_object_unref);
  if (w->tmp_path != NULL)
    g_unlink (w->tmp_path);
  g_free (w->tmp_path);
  g_free (w->path);
  g_free (w);
}

static GstElement *
make (GstElement *pipeline, const char *factory, GError **error)
{
  GstElement *e = gst_element_factory_make (factory, NULL);

  if (e == NULL)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER,
                   "the GStreamer element '%s' cannot be made", factory);
      return NULL;
    }
  gst_bin_add (GST_BIN (pipeline), e);
  return e;
}

/* The encoder, set for drawn animation: sharp edges, flat colours. */
static GstElement *
make_encoder (OssaExportWriter *w, OssaExportFormat format, GError **error)
{
  GstElement *enc;
  int key_every = MAX (1, (int) ((2 * w->fps_n + w->fps_d - 1) / w->fps_d));  /* 2 s */

  if (format == OSSA_EXPORT_MP4)
    {
      w->encoder = "x264enc";
      enc = make (w->pipeline, w->encoder, error);
      if (enc == NULL)
        return NULL;
      /* Constant quality (CRF 20), tuned for animation. */
      gst_util_set_object_arg (G_OBJECT (enc), "pass", "qual");
      g_object_set (enc, "quantizer", 20, "key-int-max", key_every, NULL);
      gst_util_set_object_arg (G_OBJECT (enc), "speed-preset", "faster");
      gst_util_set_object_arg (G_OBJECT (enc), "psy-tune", "animation");
      return enc;
    }
  w->encoder = "vp8enc";
  enc = make (w->pipeline, w->encoder, error);
  if (enc == NULL)
    return NULL;
  {
    /* A bit rate of 0.15 bit a pixel: ample for drawn art, and a small file.
     * Realtime deadline, one thread: two threads on a busy machine took 20 times
     * as long. */
    double bps = 0.15 * w->out_width * w->out_height * w->fps_n / w->fps_d;

    g_object_set (enc, "target-bitrate", (int) CLAMP (bps, 200e3, 50e6), "deadline",
                  (gint64) 1, "cpu-used", 4, "keyframe-max-dist", key_every,
                  NULL);
  }
  return enc;
}

static OssaExportWriter *
video_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  OssaExportWriter *w;
  GstElement *convert, *filter, *enc, *mux;
  GstCaps *caps;
  g_autofree char *dir = NULL, *base = NULL;
  int fd;

  if (!_ossa_export_video_check (plan->format, error))
    return NULL;
  w = g_new0 (OssaExportWriter, 1);
  w->path = g_strdup (settings->output);
  w->width = plan->width;
  w->height = plan->height;
  w->out_width = plan->format == OSSA_EXPORT_MP4 ? (w->width + 1) & ~1 : w->width;
  w->out_height = plan->format == OSSA_EXPORT_MP4 ? (w->height + 1) & ~1 : w->height;
  w->n_frames = plan->range.n_frames;
  gst_util_double_to_fraction (plan->range.fps, &w->fps_n, &w->fps_d);

  dir = g_path_get_dirname (w->path);
  base = g_path_get_basename (w->path);
  w->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (w->tmp_path, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot create the file: %s",
                   w->path, g_strerror (errno));
      g_clear_pointer (&w->tmp_path, g_free);
      writer_free (w);
      return NULL;
    }
  close (fd);

  w->pipeline = gst_pipeline_new ("ossa-export");
  w->bus = gst_element_get_bus (w->pipeline);
  if ((w->src = (GstAppSrc *) make (w->pipeline, "appsrc", error)) == NULL
      || (convert = make (w->pipeline, "videoconvert", error)) == NULL
      || (filter = make (w->pipeline, "capsfilter", error)) == NULL
      || (enc = make_encoder (w, plan->format, error)) == NULL
      || (mux = make (w->pipeline, plan->format == OSSA_EXPORT_MP4 ? "mp4mux" : "webmmux",
                      error)) == NULL
      || (w->sink = make (w->pipeline, "filesink", error)) == NULL)
    {
      writer_free (w);
      return NULL;
    }
  /* Cairo's ARGB32 is B, G, R, A in memory on little-endian machines. */
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
                              G_BYTE_ORDER == G_LITTLE_ENDIAN ? "BGRx" : "xRGB",
                              "width", G_TYPE_INT, w->out_width, "height", G_TYPE_INT,
                              w->out_height, "framerate", GST_TYPE_FRACTION, w->fps_n, w->fps_d,
                              "pixel-aspect-ratio", GST_TYPE_FRACTION, 1, 1, NULL);
  g_object_set (w->src, "caps", caps, "format", GST_FORMAT_TIME, "is-live", FALSE, "block",
                FALSE, "max-bytes", (guint64) 0, NULL);
  gst_caps_unref (caps);
  /* 4:2:0, what every player opens. */
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING, "I420", NULL);
  g_object_set (filter, "caps", caps, NULL);
  gst_caps_unref (caps);
  if (plan->format == OSSA_EXPORT_MP4)
    g_object_set (mux, "faststart", TRUE, NULL);   /* playable while it downloads */
  g_object_set (w->sink, "location", w->tmp_path, "async", FALSE, NULL);

  if (!gst_element_link_many (GST_ELEMENT (w->src), convert, filter, enc, mux, w->sink, NULL))
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                   "%s: the GStreamer elements do not fit together", w->path);
      writer_free (w);
      return NULL;
    }
  if (gst_element_set_state (w->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE)
    {
      if (!take_bus_error (w, 0, error))
        g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                     "%s: the GStreamer pipeline does not start", w->path);
      writer_free (w);
      return NULL;
    }
  return w;
}

/* The frame over white, opaque, into out (out_width × out_height, BGRx). */
static void
composite (OssaExportWriter *w, const uint8_t *argb, int stride, uint32_t *out)
{
  for (int y = 0; y < w->out_height; y++)
    {
      const uint32_t *row =
        (const uint32_t *) (const void *) (argb + (size_t) MIN (y, w->height - 1) * (size_t) stride);
      uint32_t *dst = out + (size_t) y * (size_t) w->out_width;

      for (int x = 0; x < w->out_width; x++)
        {
          uint32_t p = row[MIN (x, w->width - 1)];
          uint32_t under = 255 - (p >> 24);

          /* Premultiplied over white: each channel plus what the alpha leaves. */
          dst[x] = 0xff000000u | (((p >> 16 & 0xff) + under) << 16) | (((p >> 8 & 0xff) + under) << 8)
                   | ((p & 0xff) + under);
        }
    }
}

static gboolean
video_add_frame (OssaExportWriter *w, size_t index, const uint8_t *argb, int stride,
                 GError **error)
{
  size_t size = (size_t) w->out_width * (size_t) w->out_height * 4;
  GstBuffer *buf;
  GstMapInfo map;
  GstClockTime pts, next;
  GstFlowReturn flow;

  g_return_val_if_fail (index == w->n_added && index < w->n_frames, FALSE);
  /* Back-pressure: wait while the encoder has enough frames, watching for its
   * errors. */
  while (gst_app_src_get_current_level_bytes (w->src) >= QUEUE_FRAMES * size)
    if (take_bus_error (w, 5 * GST_MSECOND, error))
      return FALSE;
  if (take_bus_error (w, 0, error))
    return FALSE;

  buf = gst_buffer_new_allocate (NULL, size, NULL);
  gst_buffer_map (buf, &map, GST_MAP_WRITE);
  composite (w, argb, stride, (uint32_t *) (void *) map.data);
  gst_buffer_unmap (buf, &map);
  pts = gst_util_uint64_scale (index, (guint64) w->fps_d * GST_SECOND, (guint64) w->fps_n);
  next = gst_util_uint64_scale (index + 1, (guint64) w->fps_d * GST_SECOND, (guint64) w->fps_n);
  GST_BUFFER_PTS (buf) = pts;
  GST_BUFFER_DTS (buf) = pts;
  GST_BUFFER_DURATION (buf) = next - pts;
  GST_BUFFER_OFFSET (buf) = index;
  flow = gst_app_src_push_buffer (w->src, buf);
  if (flow != GST_FLOW_OK)
    {
      if (!take_bus_error (w, GST_SECOND, error))
        g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                     "%s: the encoder took no more frames (%s)", w->path, gst_flow_get_name (flow));
      return FALSE;
    }
  w->n_added++;
  return TRUE;
}

static void
video_abort (OssaExportWriter *w)
{
  writer_free (w);
}

static gboolean
video_finish (OssaExportWriter *w, OssaExportResult *result, GError **error)
{
  GstMessage *msg;
  int fd;

  if (w->n_added != w->n_frames)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_ENCODER,
                   "%s: %zu of %zu frames were drawn", w->path, w->n_added, w->n_frames);
      writer_free (w);
      return FALSE;
    }
  gst_app_src_end_of_stream (w->src);
  msg = gst_bus_timed_pop_filtered (w->bus, GST_CLOCK_TIME_NONE,
                                    GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
    {
      /* Put it back for take_bus_error, which reads it. */
      gst_bus_post (w->bus, msg);
      take_bus_error (w, GST_SECOND, error);
      writer_free (w);
      return FALSE;
    }
  gst_message_unref (msg);
  /* The sink closes the file. */
  gst_element_set_state (w->pipeline, GST_STATE_NULL);
  fd = g_open (w->tmp_path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fsync (fd) != 0)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO, "%s: cannot write: %s",
                   w->path, g_strerror (errno));
      if (fd >= 0)
        close (fd);
      writer_free (w);
      return FALSE;
    }
  close (fd);
  if (g_rename (w->tmp_path, w->path) != 0)
    {
      g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_IO,
                   "%s: cannot put the file in place: %s", w->path, g_strerror (errno));
      writer_free (w);
      return FALSE;
    }
  g_clear_pointer (&w->tmp_path, g_free);
  if (result->files == NULL)
    result->files = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (result->files, g_strdup (w->path));
  writer_free (w);
  return TRUE;
}

#else /* !OSSA_HAVE_GSTREAMER */

static void
no_gstreamer (GError **error)
{
  g_set_error (error, OSSA_EXPORT_ERROR, OSSA_EXPORT_ERROR_NO_ENCODER,
               "Ossa was built without GStreamer: it cannot write WebM or MP4 video");
}

gboolean
_ossa_export_video_check (OssaExportFormat format, GError **error)
{
  no_gstreamer (error);
  return FALSE;
}

static OssaExportWriter *
video_begin (const OssaExportSettings *settings, const OssaExportResult *plan, GError **error)
{
  no_gstreamer (error);
  return NULL;
}

static gboolean
video_add_frame (OssaExportWriter *w, size_t index, const uint8_t *argb, int stride,
                 GError **error)
{
  no_gstreamer (error);
  return FALSE;
}

static gboolean
video_finish (OssaExportWriter *w, OssaExportResult *result, GError **error)
{
  no_gstreamer (error);
  return FALSE;
}

static void
video_abort (OssaExportWriter *w)
{
}

#endif /* OSSA_HAVE_GSTREAMER */

const OssaExportWriterClass _ossa_export_video_writer = {
  video_begin, video_add_frame, video_finish, video_abort,
};
