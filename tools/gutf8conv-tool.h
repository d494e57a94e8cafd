/* gutf8conv-tool.h: what the parts of the command-line tool share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The tool by concern: its options and the names of forms and modes
 * (gutf8conv-tool-options.c), what it prints and --report
 * (gutf8conv-tool-messages.c), the atomic -o with its temporary file and
 * signals (gutf8conv-tool-output.c), and the conversion of each input
 * (gutf8conv-tool-convert.c); main() is in gutf8conv.c.  What the tool
 * does is the gutf8conv(1) page of the manual (doc/gutf8conv.xml).
 */

#pragma once

#include <sys/stat.h>

#include <gio/gio.h>
#include <gutf8conv/gutf8conv.h>

G_BEGIN_DECLS

enum {
  EXIT_MALFORMED = 1,
  EXIT_TROUBLE = 2,
};

#define CHUNK_SIZE (64 * 1024)

/* ---- Options (gutf8conv-tool-options.c) ---------------------------- */

/* What the command line asks for. */
typedef struct
{
  /* The conversion. */
  GUtf8ConvDirection direction;
  GUtf8ConvByteOrder byte_order;
  GUtf8ConvBomMode   bom_mode;
  GUtf8ConvErrorMode error_mode;
  GUtf8ConvProfile   profile;
  /* Two different UTF-8 forms: profile is read, out_profile written
   * (the converter's output-profile; -1: the same form). */
  int                out_profile;
  /* What the byte-order hint suggests: "-f UTF-32" after -f or -t;
   * NULL: "--byte-order=". */
  char              *hint_prefix;

  /* The options as given. */
  gboolean to_ucs4, to_utf8, to_utf16, from_utf16, repair, show_version, list, skip_invalid, report;
  char *byte_order_arg, *bom_arg, *on_error_arg, *profile_arg, *output_arg, *from_arg, *to_arg;
  char **files;
} Options;

#define OPTIONS_INIT { .out_profile = -1 }

void     options_clear       (Options   *options);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)
gboolean options_parse       (Options   *options,
                              int       *argc,
                              char    ***argv,
                              GError   **error);
/* Whether the input is UCS-4 or UTF-16. */
gboolean options_wide_input  (const Options *options);
/* --list: the names -f and -t take, one a line. */
void     options_print_names (void);

/* ---- Messages (gutf8conv-tool-messages.c) -------------------------- */

/* The locale, the message catalog and what the messages use of them. */
void        messages_init        (void);
/* Quotes for messages: typographic ones where the locale can show them,
 * plain ones elsewhere. */
const char *messages_lq          (void);
const char *messages_rq          (void);
/* "(standard input)" and "(standard output)" in the locale's charset. */
const char *messages_stdin_name  (void);
const char *messages_stdout_name (void);
/* "gutf8conv: NAME: TEXT" on standard error (no NAME: NULL). */
void        print_message        (const char   *name,
                                  const char   *text);
/* A usage error, and where to read more. */
void        print_usage_error    (const GError *error);
/* The byte-order hint for a strict error in wide input, whose first
 * @len bytes are @start: "" or the hint. */
char       *byte_order_hint      (const Options *options,
                                  const guint8  *start,
                                  gsize          len);

/* --report on one input stream. */
typedef struct
{
  const Options      *options;
  const char         *name;
  gboolean            utf8_input;
  GUtf8ConvConverter *byte_converter;   /* byte_character()'s, made on first use */
  guint64             refused_high_end; /* where the last refused high surrogate form ended, or 0 */
} Reporter;

/* @utf8_input: the input is UTF-8 (not options_wide_input()). */
void reporter_init    (Reporter           *reporter,
                       const Options      *options,
                       const char         *name,
                       gboolean            utf8_input);
void reporter_clear   (Reporter           *reporter);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Reporter, reporter_clear)
/* Reports each repair @converter makes, while @reporter lives. */
void reporter_connect (Reporter           *reporter,
                       GUtf8ConvConverter *converter);

/* ---- Output-file safety (gutf8conv-tool-output.c) ------------------ */

/* Where -o writes. */
typedef struct
{
  char       *target;     /* the file replaced, symbolic links followed */
  char       *temp;       /* NULL when writing in place */
  int         fd;
  gboolean    existed;
  gboolean    copy;       /* copy temp into target rather than rename it */
  struct stat st;
} Output;

/* Opens @name for -o, and removes the temporary file on SIGINT,
 * SIGTERM and SIGHUP from then on. */
gboolean output_open   (Output      *output,
                        const char  *name,
                        GError     **error);
/* After the stream on output->fd is closed: @success puts what was
 * written in place, else it goes. */
gboolean output_finish (Output      *output,
                        gboolean     success,
                        GError     **error);

/* ---- Conversion (gutf8conv-tool-convert.c) ------------------------- */

/* Converts every input file of @options into one output: the exit
 * status. */
int convert_files (const Options *options);

G_END_DECLS
