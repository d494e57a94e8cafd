/* check-examples.c: runs the manual's byte-level examples through the library
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every <programlisting role="bytes"> in the DocBook files given on the
 * command line is an example of the form
 *
 *   converter:  direction=utf8-to-ucs4 byte-order=big-endian bom-mode=strip
 *   input:      EF | BB BF 41
 *   output:     00000041
 *   error:      G_IO_ERROR_INVALID_DATA: Invalid UTF-8 sequence at byte 1: 80
 *   num-invalid: 0
 *
 * and this program feeds exactly those bytes, cut exactly there, to a
 * GUtf8ConvConverter through g_converter_convert(), and fails unless the
 * output, errors and count are exactly what the manual says
 * (#behaviour-examples).  So the manual cannot drift from the code.
 *
 * A file with a rule index (the element with id "behaviour-rule-index")
 * must have unique ids, and its index must link every id of the file and
 * nothing else: code and tests cite the behaviour guide by these ids.
 *
 * Input markers: "|" ends a chunk (calls without flags), "[flush]" ends
 * one with G_CONVERTER_FLUSH, "[end]" with G_CONVERTER_INPUT_AT_END,
 * "[reset]" ends one (or, right after a marker, ends none) and calls
 * g_converter_reset(), "[empty]" is one call
 * with no input and no flags.  A last chunk without a marker gets
 * G_CONVERTER_INPUT_AT_END.  In the output, "|" separates what each chunk
 * wrote and "(none)" is a chunk that wrote nothing; without "|" the output
 * is compared as a whole, and the example is also run one byte per chunk,
 * with a large and with the smallest output buffer.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gutf8conv/gutf8conv.h>

typedef enum
{
  END_PLAIN,    /* "|": no flags */
  END_FLUSH,
  END_AT_END,
  END_RESET,
  END_EMPTY,
} ChunkEnd;

typedef struct
{
  GByteArray *bytes;
  ChunkEnd    end;
} Chunk;

typedef struct
{
  char      *where;       /* file:line, for messages */
  char      *converter;
  char      *input;
  char      *output;
  GPtrArray *errors;      /* expected "CODE: message" lines */
  char      *num_invalid;
  char      *outbuf;
} Example;

static void
example_free (Example *ex)
{
  g_free (ex->where);
  g_free (ex->converter);
  g_free (ex->input);
  g_free (ex->output);
  g_ptr_array_unref (ex->errors);
  g_free (ex->num_invalid);
  g_free (ex->outbuf);
  g_free (ex);
}

static void
chunk_clear (gpointer data)
{
  Chunk *c = data;

  g_byte_array_unref (c->bytes);
}

/* Appends the bytes of one hex token ("E2", "0000FEFF") to @out. */
static gboolean
parse_hex_token (const char *tok,
                 GByteArray *out)
{
  gsize len = strlen (tok);

  if (len == 0 || len % 2 != 0)
    return FALSE;
  for (gsize i = 0; i < len; i += 2)
    {
      int hi = g_ascii_xdigit_value (tok[i]);
      int lo = g_ascii_xdigit_value (tok[i + 1]);
      guint8 b;

      if (hi < 0 || lo < 0)
        return FALSE;
      b = hi * 16 + lo;
      g_byte_array_append (out, &b, 1);
    }
  return TRUE;
}

static GArray *
parse_input (const char *text,
             GError    **error)
{
  g_auto(GStrv) toks = g_strsplit_set (text, " \t", -1);
  GArray *chunks = g_array_new (FALSE, FALSE, sizeof (Chunk));
  Chunk cur = { g_byte_array_new (), END_AT_END };
  gboolean open = FALSE;

  g_array_set_clear_func (chunks, chunk_clear);

  for (guint i = 0; toks[i] != NULL; i++)
    {
      const char *t = toks[i];
      ChunkEnd end;

      if (*t == '\0')
        continue;
      if (g_str_equal (t, "|"))
        end = END_PLAIN;
      else if (g_str_equal (t, "[flush]"))
        end = END_FLUSH;
      else if (g_str_equal (t, "[end]"))
        end = END_AT_END;
      else if (g_str_equal (t, "[reset]"))
        end = END_RESET;
      else if (g_str_equal (t, "[empty]"))
        {
          Chunk e = { g_byte_array_new (), END_EMPTY };

          if (open)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           "[empty] must follow a marker");
              chunk_clear (&cur);
              g_array_unref (chunks);
              return NULL;
            }
          g_array_append_val (chunks, e);
          continue;
        }
      else
        {
          if (!parse_hex_token (t, cur.bytes))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           "bad input token “%s”", t);
              chunk_clear (&cur);
              g_array_unref (chunks);
              return NULL;
            }
          open = TRUE;
          continue;
        }

      cur.end = end;
      g_array_append_val (chunks, cur);
      cur.bytes = g_byte_array_new ();
      cur.end = END_AT_END;
      open = FALSE;
    }

  if (open || chunks->len == 0)
    g_array_append_val (chunks, cur);
  else
    chunk_clear (&cur);

  return chunks;
}

/* The expected output: one GByteArray per "|"-separated group. */
static GPtrArray *
parse_output (const char *text,
              GError    **error)
{
  g_auto(GStrv) toks = g_strsplit_set (text, " \t", -1);
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  GByteArray *cur = g_byte_array_new ();

  g_ptr_array_add (groups, cur);
  for (guint i = 0; toks[i] != NULL; i++)
    {
      if (*toks[i] == '\0' || g_str_equal (toks[i], "(none)"))
        continue;
      if (g_str_equal (toks[i], "|"))
        {
          cur = g_byte_array_new ();
          g_ptr_array_add (groups, cur);
          continue;
        }
      if (!parse_hex_token (toks[i], cur))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       "bad output token “%s”", toks[i]);
          g_ptr_array_unref (groups);
          return NULL;
        }
    }
  return groups;
}

static GUtf8ConvConverter *
make_converter (const char *settings,
                GError    **error)
{
  g_auto(GStrv) toks = g_strsplit_set (settings, " \t", -1);
  GUtf8ConvConverter *conv;
  GObjectClass *klass = g_type_class_ref (GUTF8CONV_TYPE_CONVERTER);
  const char *names[8];
  GValue values[8] = { G_VALUE_INIT, };
  guint n = 0;

  for (guint i = 0; toks[i] != NULL; i++)
    {
      char *eq;
      GParamSpec *pspec;
      GEnumClass *eclass;
      GEnumValue *ev;

      if (*toks[i] == '\0')
        continue;
      eq = strchr (toks[i], '=');
      if (eq == NULL || n == G_N_ELEMENTS (names))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "bad setting “%s”", toks[i]);
          goto fail;
        }
      *eq = '\0';
      pspec = g_object_class_find_property (klass, toks[i]);
      /* output-profile is an integer that takes a profile's value. */
      if (pspec != NULL && strcmp (pspec->name, "output-profile") == 0)
        {
          g_autoptr(GEnumClass) profiles = g_type_class_ref (GUTF8CONV_TYPE_PROFILE);

          ev = g_enum_get_value_by_nick (profiles, eq + 1);
          if (ev == NULL)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no profile “%s”", eq + 1);
              goto fail;
            }
          names[n] = pspec->name;
          g_value_init (&values[n], G_TYPE_INT);
          g_value_set_int (&values[n], ev->value);
          n++;
          continue;
        }
      if (pspec == NULL || !G_IS_PARAM_SPEC_ENUM (pspec))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no enum property “%s”", toks[i]);
          goto fail;
        }
      eclass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
      ev = g_enum_get_value_by_nick (eclass, eq + 1);
      if (ev == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no value “%s” for %s", eq + 1, toks[i]);
          goto fail;
        }
      names[n] = pspec->name;
      g_value_init (&values[n], pspec->value_type);
      g_value_set_enum (&values[n], ev->value);
      n++;
    }

  conv = GUTF8CONV_CONVERTER (g_object_new_with_properties (GUTF8CONV_TYPE_CONVERTER, n, names, values));
  for (guint i = 0; i < n; i++)
    g_value_unset (&values[i]);
  g_type_class_unref (klass);
  return conv;

fail:
  for (guint i = 0; i < n; i++)
    g_value_unset (&values[i]);
  g_type_class_unref (klass);
  return NULL;
}

static char *
error_line (const GError *error)
{
  GEnumClass *klass = g_type_class_ref (G_TYPE_IO_ERROR_ENUM);
  GEnumValue *ev = g_enum_get_value (klass, error->code);
  char *line;

  g_assert (error->domain == G_IO_ERROR && ev != NULL);
  line = g_strdup_printf ("%s: %s", ev->value_name, error->message);
  g_type_class_unref (klass);
  return line;
}

/* Runs @chunks through @conv; fills one output group per chunk and the
 * error lines.  FALSE if the converter broke the GConverter contract. */
static gboolean
run (GUtf8ConvConverter *conv,
     GArray             *chunks,
     gsize               outbuf_size,
     GPtrArray          *groups,
     GPtrArray          *errors,
     gboolean            stop_at_error,
     char              **why)
{
  g_autofree guint8 *outbuf = g_malloc (outbuf_size);

  for (guint c = 0; c < chunks->len; c++)
    {
      Chunk *chunk = &g_array_index (chunks, Chunk, c);
      GByteArray *group = g_byte_array_new ();
      const guint8 *in = chunk->bytes->data;
      gsize left = chunk->bytes->len;
      GConverterFlags flags = G_CONVERTER_NO_FLAGS;
      guint spins = 0;

      g_ptr_array_add (groups, group);
      /* "[end] [reset]": a reset alone, with no call. */
      if (chunk->end == END_RESET && left == 0)
        {
          g_converter_reset (G_CONVERTER (conv));
          continue;
        }
      if (chunk->end == END_FLUSH)
        flags = G_CONVERTER_FLUSH;
      else if (chunk->end == END_AT_END)
        flags = G_CONVERTER_INPUT_AT_END;

      for (;;)
        {
          g_autoptr(GError) error = NULL;
          gsize nread = 0, nwritten = 0;
          GConverterResult r;

          r = g_converter_convert (G_CONVERTER (conv), left ? in : NULL, left,
                                   outbuf, outbuf_size, flags, &nread, &nwritten, &error);
          if (r == G_CONVERTER_ERROR)
            {
              /* "Need more input" at the end of a plain chunk is how a
               * chunk ends, not an error, unless asked for with [empty]. */
              if ((chunk->end == END_PLAIN || chunk->end == END_RESET) && left == 0 &&
                  g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT) &&
                  g_str_equal (error->message, "Need more input"))
                break;
              g_ptr_array_add (errors, error_line (error));
              if (stop_at_error)
                return TRUE;
              break;
            }
          g_byte_array_append (group, outbuf, nwritten);
          /* An empty chunk's data may be NULL, and NULL + 0 is undefined. */
          if (nread > 0)
            in += nread;
          left -= nread;
          if (r == G_CONVERTER_FINISHED || r == G_CONVERTER_FLUSHED)
            {
              if (left != 0)
                {
                  *why = g_strdup ("finished or flushed with input left");
                  return FALSE;
                }
              break;
            }
          if (chunk->end == END_EMPTY)
            break;
          if (nread == 0 && nwritten == 0 && ++spins > 2)
            {
              *why = g_strdup ("CONVERTED with no progress: a stream would spin");
              return FALSE;
            }
        }

      if (chunk->end == END_RESET)
        g_converter_reset (G_CONVERTER (conv));
    }
  return TRUE;
}

static char *
hex (const GByteArray *a)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < a->len; i++)
    g_string_append_printf (s, "%s%02X", i ? " " : "", a->data[i]);
  if (a->len == 0)
    g_string_append (s, "(none)");
  return g_string_free (s, FALSE);
}

static GByteArray *
concat (GPtrArray *groups)
{
  GByteArray *all = g_byte_array_new ();

  for (guint i = 0; i < groups->len; i++)
    {
      GByteArray *g = groups->pdata[i];
      g_byte_array_append (all, g->data, g->len);
    }
  return all;
}

static gboolean
check_run (Example    *ex,
           GArray     *chunks,
           GPtrArray  *expected,
           gsize       outbuf_size,
           gboolean    bytewise,
           const char *how)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GUtf8ConvConverter) conv = make_converter (ex->converter ? ex->converter : "", &error);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
  g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *why = NULL;
  gboolean ok = TRUE;

  if (conv == NULL)
    {
      g_printerr ("%s: %s\n", ex->where, error->message);
      return FALSE;
    }

  if (!run (conv, chunks, outbuf_size, groups, errors, bytewise, &why))
    {
      g_printerr ("%s (%s): %s\n", ex->where, how, why);
      return FALSE;
    }

  if (expected->len > 1)
    {
      if (expected->len != groups->len)
        {
          g_printerr ("%s (%s): %u output groups for %u chunks\n", ex->where, how,
                      expected->len, groups->len);
          ok = FALSE;
        }
      for (guint i = 0; ok && i < groups->len; i++)
        {
          GByteArray *want = expected->pdata[i], *got = groups->pdata[i];

          if (want->len != got->len || (got->len > 0 && memcmp (want->data, got->data, got->len) != 0))
            {
              g_autofree char *w = hex (want), *g = hex (got);
              g_printerr ("%s (%s): chunk %u output\n  want %s\n  got  %s\n",
                          ex->where, how, i + 1, w, g);
              ok = FALSE;
            }
        }
    }
  else
    {
      g_autoptr(GByteArray) got = concat (groups);
      GByteArray *want = expected->pdata[0];

      if (want->len != got->len || (got->len > 0 && memcmp (want->data, got->data, got->len) != 0))
        {
          g_autofree char *w = hex (want), *g = hex (got);
          g_printerr ("%s (%s): output\n  want %s\n  got  %s\n", ex->where, how, w, g);
          ok = FALSE;
        }
    }

  if (errors->len != ex->errors->len)
    {
      g_printerr ("%s (%s): %u errors, the manual shows %u\n", ex->where, how,
                  errors->len, ex->errors->len);
      for (guint i = 0; i < errors->len; i++)
        g_printerr ("  got %s\n", (char *) errors->pdata[i]);
      ok = FALSE;
    }
  for (guint i = 0; i < MIN (errors->len, ex->errors->len); i++)
    if (!g_str_equal (errors->pdata[i], ex->errors->pdata[i]))
      {
        g_printerr ("%s (%s): error %u\n  want %s\n  got  %s\n", ex->where, how, i + 1,
                    (char *) ex->errors->pdata[i], (char *) errors->pdata[i]);
        ok = FALSE;
      }

  if (ex->num_invalid != NULL)
    {
      guint64 want = g_ascii_strtoull (ex->num_invalid, NULL, 10);
      guint64 got = gutf8conv_converter_get_num_invalid (conv);

      if (want != got)
        {
          g_printerr ("%s (%s): num-invalid %" G_GUINT64_FORMAT ", the manual says %" G_GUINT64_FORMAT "\n",
                      ex->where, how, got, want);
          ok = FALSE;
        }
    }
  return ok;
}

static gboolean
check_example (Example *ex)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) chunks = NULL;
  g_autoptr(GPtrArray) expected = NULL;
  gsize outbuf_size = ex->outbuf ? g_ascii_strtoull (ex->outbuf, NULL, 10) : 256;
  gboolean ok;

  if (ex->input == NULL || ex->output == NULL)
    {
      g_printerr ("%s: an example needs input: and output:\n", ex->where);
      return FALSE;
    }
  chunks = parse_input (ex->input, &error);
  if (chunks != NULL)
    expected = parse_output (ex->output, &error);
  if (expected == NULL)
    {
      g_printerr ("%s: %s\n", ex->where, error->message);
      return FALSE;
    }

  ok = check_run (ex, chunks, expected, outbuf_size, FALSE, "as written");

  /* The chunking guarantee: one byte at a time gives the same output
   * and the same first error (later calls repeat it). */
  if (ok && expected->len == 1 && chunks->len == 1 && ex->outbuf == NULL &&
      g_array_index (chunks, Chunk, 0).end == END_AT_END && ex->errors->len <= 1)
    {
      Chunk *whole = &g_array_index (chunks, Chunk, 0);
      g_autoptr(GArray) bytewise = g_array_new (FALSE, FALSE, sizeof (Chunk));

      g_array_set_clear_func (bytewise, chunk_clear);
      for (guint i = 0; i < whole->bytes->len; i++)
        {
          Chunk c = { g_byte_array_new (), END_PLAIN };

          g_byte_array_append (c.bytes, whole->bytes->data + i, 1);
          g_array_append_val (bytewise, c);
        }
      {
        Chunk last = { g_byte_array_new (), END_AT_END };
        g_array_append_val (bytewise, last);
      }
      ok = check_run (ex, bytewise, expected, outbuf_size, TRUE, "one byte per call");

      /* And the smallest output buffer the manual promises is enough. */
      if (ok)
        {
          /* 6 bytes when the output is UTF-8, 4 when it is UCS-4. */
          gboolean utf8_out = ex->converter != NULL &&
                              (strstr (ex->converter, "direction=ucs4-to-utf8") != NULL ||
                               strstr (ex->converter, "direction=utf8-to-utf8") != NULL ||
                               strstr (ex->converter, "direction=utf16-to-utf8") != NULL);

          ok = check_run (ex, bytewise, expected, utf8_out ? 6 : 4, TRUE,
                          "one byte per call, smallest output buffer");
        }
    }
  return ok;
}

static gboolean
set_field (Example    *ex,
           const char *line)
{
  static const char *const keys[] = { "converter:", "input:", "output:", "error:", "num-invalid:", "outbuf:" };

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      if (g_str_has_prefix (line, keys[k]))
        {
          char *value = g_strstrip (g_strdup (line + strlen (keys[k])));
          char **slot[] = { &ex->converter, &ex->input, &ex->output, NULL, &ex->num_invalid, &ex->outbuf };

          if (slot[k] == NULL)
            g_ptr_array_add (ex->errors, value);
          else
            {
              g_free (*slot[k]);
              *slot[k] = value;
            }
          return TRUE;
        }
    }
  return FALSE;
}

/* Finds the examples in one DocBook file. */
static GPtrArray *
collect (const char *path,
         GError    **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *examples = g_ptr_array_new_with_free_func ((GDestroyNotify) example_free);
  Example *ex = NULL;

  if (!g_file_get_contents (path, &text, NULL, error))
    {
      g_ptr_array_unref (examples);
      return NULL;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (ex == NULL)
        {
          if (strstr (line, "<programlisting role=\"bytes\">") != NULL)
            {
              ex = g_new0 (Example, 1);
              ex->where = g_strdup_printf ("%s:%u", path, i + 1);
              ex->errors = g_ptr_array_new_with_free_func (g_free);
            }
          continue;
        }
      if (strstr (line, "</programlisting>") != NULL)
        {
          g_ptr_array_add (examples, ex);
          ex = NULL;
          continue;
        }
      if (*line != '\0' && !set_field (ex, line))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       "%s:%u: not an example line: %s", path, i + 1, line);
          example_free (ex);
          g_ptr_array_unref (examples);
          return NULL;
        }
    }
  if (ex != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: unterminated example", ex->where);
      example_free (ex);
      g_ptr_array_unref (examples);
      return NULL;
    }
  return examples;
}

/* The rule index of @path, if it has one, against the ids of @path. */
static gboolean
check_rule_index (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) id_re = g_regex_new ("\\bid=\"([^\"]+)\"", 0, 0, NULL);
  g_autoptr(GRegex) link_re = g_regex_new ("\\blinkend=\"([^\"]+)\"", 0, 0, NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  const char *index, *index_end;
  gboolean ok = TRUE;
  GHashTableIter iter;
  gpointer key;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  index = strstr (text, "id=\"behaviour-rule-index\"");
  if (index == NULL)
    return TRUE;
  index_end = strstr (index, "</simplesect>");
  if (index_end == NULL)
    {
      g_printerr ("%s: the rule index does not end\n", path);
      return FALSE;
    }

  for (g_regex_match (id_re, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      char *id = g_match_info_fetch (match, 1);

      if (!g_hash_table_add (ids, id))
        {
          g_printerr ("%s: id %s is defined twice\n", path, id);
          ok = FALSE;
        }
    }
  g_clear_pointer (&match, g_match_info_unref);

  for (g_regex_match_full (link_re, text, index_end - text, index - text, 0, &match, NULL);
       g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      char *id = g_match_info_fetch (match, 1);

      if (!g_hash_table_contains (ids, id))
        {
          g_printerr ("%s: the rule index links %s, which is not an id of the guide\n", path, id);
          ok = FALSE;
        }
      g_hash_table_add (listed, id);
    }

  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (strcmp (key, "behaviour") != 0 && strcmp (key, "behaviour-rule-index") != 0 &&
        !g_hash_table_contains (listed, key))
      {
        g_printerr ("%s: id %s is missing from the rule index\n", path, (const char *) key);
        ok = FALSE;
      }
  return ok;
}

int
main (int    argc,
      char **argv)
{
  guint total = 0, failed = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s FILE.xml...\n", argv[0]);
      return 2;
    }

  for (int a = 1; a < argc; a++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) examples = collect (argv[a], &error);

      if (examples == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      if (!check_rule_index (argv[a]))
        failed++;
      for (guint i = 0; i < examples->len; i++)
        {
          total++;
          if (!check_example (examples->pdata[i]))
            failed++;
        }
    }

  printf ("%u examples, %u failed\n", total, failed);
  /* A manual without examples means this checker is looking at the
   * wrong files. */
  return failed == 0 && total > 0 ? 0 : 1;
}
