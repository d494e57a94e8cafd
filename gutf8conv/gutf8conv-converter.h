/* gutf8conv-converter.h: a GConverter between UTF-8 and other Unicode encoding forms
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(GUTF8CONV_INSIDE) && !defined(GUTF8CONV_COMPILATION)
# error "Only <gutf8conv/gutf8conv.h> can be included directly."
#endif

#include <gio/gio.h>

#include "gutf8conv-enums.h"
#include "gutf8conv-version-macros.h"

G_BEGIN_DECLS

/**
 * GUTF8CONV_TYPE_CONVERTER:
 *
 * The #GType of #GUtf8ConvConverter, for g_object_new().
 *
 * Since: 1.0
 */
#define GUTF8CONV_TYPE_CONVERTER (gutf8conv_converter_get_type ())

/**
 * GUtf8ConvConverter:
 *
 * A #GConverter between UTF-8 and other Unicode encoding forms.  Its
 * fields are private; use the properties and the functions below.
 *
 * Since: 1.0
 */
GUTF8CONV_AVAILABLE_IN_1_0
G_DECLARE_FINAL_TYPE (GUtf8ConvConverter, gutf8conv_converter, GUTF8CONV, CONVERTER, GObject)

GUTF8CONV_AVAILABLE_IN_1_0
GUtf8ConvConverter *gutf8conv_converter_new            (GUtf8ConvDirection  direction);
GUTF8CONV_AVAILABLE_IN_1_0
GUtf8ConvDirection  gutf8conv_converter_get_direction  (GUtf8ConvConverter *self);
GUTF8CONV_AVAILABLE_IN_1_0
GUtf8ConvByteOrder  gutf8conv_converter_get_byte_order (GUtf8ConvConverter *self);
GUTF8CONV_AVAILABLE_IN_1_0
GUtf8ConvBomMode    gutf8conv_converter_get_bom_mode   (GUtf8ConvConverter *self);
GUTF8CONV_AVAILABLE_IN_1_0
GUtf8ConvErrorMode  gutf8conv_converter_get_error_mode (GUtf8ConvConverter *self);
GUTF8CONV_AVAILABLE_IN_1_0
GUtf8ConvProfile    gutf8conv_converter_get_profile    (GUtf8ConvConverter *self);
GUTF8CONV_AVAILABLE_IN_1_0
guint64             gutf8conv_converter_get_num_invalid (GUtf8ConvConverter *self);
GUTF8CONV_AVAILABLE_IN_1_0
GBytes             *gutf8conv_converter_convert_bytes  (GUtf8ConvConverter  *self,
                                                        GBytes              *input,
                                                        GError             **error);

GUTF8CONV_AVAILABLE_IN_1_1
GUtf8ConvConverter *gutf8conv_converter_new_full       (GUtf8ConvDirection  direction,
                                                        GUtf8ConvByteOrder  byte_order,
                                                        GUtf8ConvBomMode    bom_mode,
                                                        GUtf8ConvErrorMode  error_mode,
                                                        GUtf8ConvProfile    profile);
GUTF8CONV_AVAILABLE_IN_1_1
gint64              gutf8conv_converter_get_error_offset (GUtf8ConvConverter *self);

GUTF8CONV_AVAILABLE_IN_1_2
guint8             *gutf8conv_converter_feed           (GUtf8ConvConverter  *self,
                                                        const guint8        *input,
                                                        gsize                input_len,
                                                        gboolean             final,
                                                        gsize               *output_len,
                                                        GError             **error);
GUTF8CONV_AVAILABLE_IN_1_2
guint8             *gutf8conv_converter_take_output_before_error (GUtf8ConvConverter *self,
                                                        gsize               *output_len);
GUTF8CONV_AVAILABLE_IN_1_2
void                gutf8conv_converter_collect_repairs (GUtf8ConvConverter *self,
                                                        guint                max_repairs);
GUTF8CONV_AVAILABLE_IN_1_2
guint64            *gutf8conv_converter_take_repairs   (GUtf8ConvConverter  *self,
                                                        gsize               *n_values);

GUTF8CONV_AVAILABLE_IN_1_3
int                 gutf8conv_converter_get_output_profile (GUtf8ConvConverter *self);

G_END_DECLS
