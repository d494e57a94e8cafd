/* test-tool.c: the gutf8conv command-line tool
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs the built tool (its path in GUTF8CONV_TOOL) with GSubprocess and
 * checks its standard output byte for byte, its one-line messages and
 * its exit status: 0 success, 1 malformed input, 2 usage or I/O error.
 */

#include "config.h"

#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <glib-unix.h>

#include "test-util.h"

static const char *tool;
static char *tmpdir;
/* Whether the library has the UTF-16 directions: the tool's behaviour
 * differs, and each branch is checked exactly. */
static gboolean utf16;

/* The quotes of messages under a UTF-8 locale. */
#define LQ "\xe2\x80\x9c"
#define RQ "\xe2\x80\x9d"

/* Whether C.UTF-8 can be set here: where it cannot (a big-endian target
 * under qemu-user reads the host's little-endian locale files and refuses
 * them), the tool runs in the C locale and its messages keep plain quotes. */
static gboolean utf8_locale;

/* @want as the tool writes it in this environment: LQ and RQ become plain
 * quotes where the UTF-8 locale cannot be set.  The result lives until the
 * next call. */
static const char *
with_quotes (const char *want)
{
  static char *plain;
  g_auto(GStrv) parts = NULL;

  if (utf8_locale)
    return want;
  g_free (plain);
  parts = g_strsplit (want, LQ, -1);
  plain = g_strjoinv ("\"", parts);
  g_strfreev (parts);
  parts = g_strsplit (plain, RQ, -1);
  g_free (plain);
  plain = g_strjoinv ("\"", parts);
  return plain;
}

typedef struct
{
  int     status;
  GBytes *out;
  char   *err;
} Run;

static void
run_free (Run *r)
{
  g_clear_pointer (&r->out, g_bytes_unref);
  g_free (r->err);
  g_free (r);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

/* Runs the tool with @args (NULL-terminated) and @stdin_hex on its
 * standard input, in the temporary directory.  The standard input is a
 * file, not a pipe: a tool that exits without reading it (a bad option, a
 * missing file) must not make the test depend on who runs first. */
static Run *
run_tool_in (const char * const *args,
             const char         *stdin_hex,
             const char         *locale)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GBytes) in = tu_hex (stdin_hex != NULL ? stdin_hex : "");
  g_autofree char *in_path = g_build_filename (tmpdir, ".stdin", NULL);
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;
  Run *r = g_new0 (Run, 1);

  g_file_set_contents (in_path, g_bytes_get_size (in) > 0 ? g_bytes_get_data (in, NULL) : "",
                       g_bytes_get_size (in), &error);
  g_assert_no_error (error);
  g_subprocess_launcher_set_stdin_file_path (launcher, in_path);

  g_ptr_array_add (argv, (gpointer) tool);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_subprocess_launcher_set_cwd (launcher, tmpdir);
  /* Messages in English whatever the environment. */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", locale, TRUE);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (proc, NULL, NULL, &r->out, &err, &error);
  g_assert_no_error (error);
  g_subprocess_wait (proc, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  r->status = g_subprocess_get_exit_status (proc);
  /* An empty GBytes may have no data pointer. */
  r->err = g_strndup (g_bytes_get_size (err) > 0 ? g_bytes_get_data (err, NULL) : "",
                      g_bytes_get_size (err));
  return r;
}

static Run *
run_tool (const char * const *args,
          const char         *stdin_hex)
{
  return run_tool_in (args, stdin_hex, "C.UTF-8");
}

static void
write_file (const char *name,
            const char *hex)
{
  g_autoptr(GBytes) data = tu_hex (hex);
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, g_bytes_get_data (data, NULL), g_bytes_get_size (data), &error);
  g_assert_no_error (error);
}

/* Checks a run's status, exact stdout (hex) and stderr (NULL: empty). */
static void
check_run (const Run  *r,
           int         status,
           const char *out_hex,
           const char *err)
{
  g_autoptr(GBytes) want = tu_hex (out_hex);

  if (r->status != status)
    g_test_message ("exit status %d, stderr: %s", r->status, r->err);
  g_assert_cmpint (r->status, ==, status);
  tu_assert_bytes (g_bytes_get_data (r->out, NULL), g_bytes_get_size (r->out), want, "stdout");
  g_assert_cmpstr (r->err, ==, err != NULL ? with_quotes (err) : "");
}

static void
test_stdin (void)
{
  const char *to_be[] = { "--byte-order=be", NULL };
  const char *to_le[] = { "--to-ucs4", "--byte-order=le", NULL };
  const char *back[] = { "--to-utf8", "--byte-order=big-endian", NULL };
  const char *none[] = { NULL };
  g_autoptr(Run) a = run_tool (to_be, "41 E2 89 A2 CE 91 2E");
  g_autoptr(Run) b = run_tool (to_le, "EF BB BF F0 A3 8E B4");
  g_autoptr(Run) c = run_tool (back, "00 00 D5 5C 00 00 AD 6D 00 00 C5 B4");
  g_autoptr(Run) d = run_tool (none, "41 C3 A9");
  g_autoptr(Run) e = run_tool (to_be, "");

  check_run (a, 0, "00 00 00 41 00 00 22 62 00 00 03 91 00 00 00 2E", NULL);
  check_run (b, 0, "FF FE 00 00 B4 33 02 00", NULL);
  check_run (c, 0, "ED 95 9C EA B5 AD EC 96 B4", NULL);
  /* UCS-4 is written big-endian unless asked otherwise (#behaviour-byte-order). */
  check_run (d, 0, "00 00 00 41 00 00 00 E9", NULL);
  check_run (e, 0, "", NULL);
}

/* Reading UCS-4, the tool takes the order of the signature, else
 * big-endian (#behaviour-detect); --byte-order still wins. */
static void
test_byte_order_defaults (void)
{
  const char *to_utf8[] = { "--to-utf8", NULL };
  const char *host[] = { "--to-utf8", "--byte-order=host", NULL };
  const char *to_le[] = { "--byte-order=LE", NULL };
  g_autoptr(Run) a = run_tool (to_utf8, "FF FE 00 00 41 00 00 00 AC 20 00 00");
  g_autoptr(Run) b = run_tool (to_utf8, "00 00 FE FF 00 00 00 41");
  g_autoptr(Run) c = run_tool (to_utf8, "00 00 00 41 00 00 20 AC");
  g_autoptr(Run) d = run_tool (host, G_BYTE_ORDER == G_BIG_ENDIAN ? "00 00 00 41" : "41 00 00 00");
  g_autoptr(Run) e = run_tool (to_le, "41");

  check_run (a, 0, "EF BB BF 41 E2 82 AC", NULL);
  check_run (b, 0, "EF BB BF 41", NULL);
  check_run (c, 0, "41 E2 82 AC", NULL);
  check_run (d, 0, "41", NULL);
  check_run (e, 0, "41 00 00 00", NULL);
}

/* The 1.1 values and --repair, case-insensitive. */
static void
test_new_values (void)
{
  const char *latin1[] = { "--on-error=latin1", NULL };
  const char *cp1252[] = { "--on-error=CP1252", NULL };
  const char *cesu8[] = { "--to-utf8", "--profile=cesu8", NULL };
  const char *mutf8[] = { "--to-utf8", "--profile=Modified-UTF8", NULL };
  const char *wtf8[] = { "--profile=wtf8", NULL };
  const char *repair[] = { "--repair", "--on-error=replace", "--byte-order=le", NULL };
  const char *repair_strict[] = { "--repair", NULL };
  const char *repair_to[] = { "--repair", "--to-ucs4", NULL };
  g_autoptr(Run) a = run_tool (latin1, "63 61 66 E9");
  g_autoptr(Run) b = run_tool (cp1252, "80 93");
  g_autoptr(Run) c = run_tool (cesu8, "00 01 F6 00");
  g_autoptr(Run) d = run_tool (mutf8, "00 00 00 00 00 00 00 41");
  g_autoptr(Run) e = run_tool (wtf8, "ED A0 BD");
  g_autoptr(Run) f = run_tool (repair, "41 E2 82 42 C3 A9");
  g_autoptr(Run) g = run_tool (repair_strict, "41 C3 A9 FF");
  g_autoptr(Run) h = run_tool (repair_to, "41");

  check_run (a, 0, "00 00 00 63 00 00 00 61 00 00 00 66 00 00 00 E9", NULL);
  check_run (b, 0, "00 00 20 AC 00 00 20 1C", NULL);
  check_run (c, 0, "ED A0 BD ED B8 80", NULL);
  check_run (d, 0, "C0 80 41", NULL);
  check_run (e, 0, "00 00 D8 3D", NULL);
  check_run (f, 0, "41 EF BF BD 42 C3 A9", NULL);
  check_run (g, 1, "41 C3 A9", "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 3: FF\n");
  check_run (h, 2, "", h->err);
  g_assert_nonnull (strstr (h->err, "--repair"));
}

static void
test_modes (void)
{
  const char *replace[] = { "--byte-order=be", "--on-error=replace", NULL };
  const char *skip[] = { "--byte-order=be", "--on-error=skip", NULL };
  const char *escape[] = { "--byte-order=be", "--on-error=escape", NULL };
  const char *unescape[] = { "--to-utf8", "--byte-order=be", "--on-error=escape", NULL };
  const char *ucs4[] = { "--byte-order=be", "--profile=ucs4", NULL };
  const char *unicode[] = { "--byte-order=be", "--profile=unicode", NULL };
  const char *strip[] = { "--byte-order=be", "--bom=strip", NULL };
  const char *insert[] = { "--to-utf8", "--byte-order=be", "--bom=insert", NULL };
  const char *keep[] = { "--byte-order=be", "--bom=keep", NULL };
  g_autoptr(Run) r1 = run_tool (replace, "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64");
  g_autoptr(Run) r2 = run_tool (skip, "41 C0 AF 42");
  g_autoptr(Run) r3 = run_tool (escape, "41 FF 42");
  g_autoptr(Run) r4 = run_tool (unescape, "00 00 00 41 00 00 DC FF 00 00 00 42");
  g_autoptr(Run) r5 = run_tool (ucs4, "FD BF BF BF BF BF");
  g_autoptr(Run) r6 = run_tool (unicode, "FD BF BF BF BF BF");
  g_autoptr(Run) r7 = run_tool (strip, "EF BB BF 41");
  g_autoptr(Run) r8 = run_tool (insert, "00 00 00 41");
  g_autoptr(Run) r9 = run_tool (keep, "EF BB BF 41");

  check_run (r1, 0, "00 00 00 61 00 00 FF FD 00 00 FF FD 00 00 FF FD 00 00 00 62 00 00 FF FD "
                    "00 00 00 63 00 00 FF FD 00 00 FF FD 00 00 00 64", NULL);
  check_run (r2, 0, "00 00 00 41 00 00 00 42", NULL);
  check_run (r3, 0, "00 00 00 41 00 00 DC FF 00 00 00 42", NULL);
  check_run (r4, 0, "41 FF 42", NULL);
  check_run (r5, 0, "7F FF FF FF", NULL);
  check_run (r6, 1, "", "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 0: FD\n");
  check_run (r7, 0, "00 00 00 41", NULL);
  check_run (r8, 0, "EF BB BF 41", NULL);
  check_run (r9, 0, "00 00 FE FF 00 00 00 41", NULL);
}

/* Exit 1 with one line naming the input and the offset; the output
 * before it is written. */
static void
test_malformed (void)
{
  const char *be[] = { "--byte-order=be", NULL };
  const char *enc[] = { "--to-utf8", "--byte-order=be", NULL };
  g_autoptr(Run) a = run_tool (be, "41 42 E2 82 43");
  g_autoptr(Run) b = run_tool (be, "41 E2 82");
  g_autoptr(Run) c = run_tool (enc, "00 00 00 41 00 00 D8 00");
  g_autoptr(Run) d = run_tool (enc, "00 00 00 41 00 D8");

  check_run (a, 1, "00 00 00 41 00 00 00 42",
             "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 2: E2 82\n");
  check_run (b, 1, "00 00 00 41",
             "gutf8conv: (standard input): Incomplete UTF-8 sequence at byte 1: E2 82\n");
  check_run (c, 1, "41",
             "gutf8conv: (standard input): Invalid UCS-4 value 0x0000D800 at byte 4\n");
  check_run (d, 1, "41",
             "gutf8conv: (standard input): Incomplete UCS-4 value at byte 4: 00 D8\n");
}

/* Several inputs: each its own stream (signature, offsets), one output. */
static void
test_files (void)
{
  const char *keep[] = { "--byte-order=be", "one", "-", "two", NULL };
  const char *strip[] = { "--byte-order=be", "--bom=strip", "one", "-", "two", NULL };
  const char *insert[] = { "--byte-order=be", "--bom=insert", "one", "-", "two", NULL };
  const char *insert2[] = { "--byte-order=be", "--bom=insert", "empty", "one", "two", NULL };
  const char *bad[] = { "--byte-order=be", "one", "bad", "two", NULL };
  g_autoptr(Run) r1 = NULL, r2 = NULL, r3 = NULL, r4 = NULL, r5 = NULL;

  write_file ("one", "EF BB BF 41");
  write_file ("two", "43");
  write_file ("empty", "");
  write_file ("bad", "44 45 80");

  r1 = run_tool (keep, "EF BB BF 42");
  check_run (r1, 0, "00 00 FE FF 00 00 00 41 00 00 FE FF 00 00 00 42 00 00 00 43", NULL);
  r2 = run_tool (strip, "EF BB BF 42");
  check_run (r2, 0, "00 00 00 41 00 00 00 42 00 00 00 43", NULL);
  /* Exactly one signature, at the start of the output. */
  r3 = run_tool (insert, "EF BB BF 42");
  check_run (r3, 0, "00 00 FE FF 00 00 00 41 00 00 00 42 00 00 00 43", NULL);
  r4 = run_tool (insert2, NULL);
  check_run (r4, 0, "00 00 FE FF 00 00 00 41 00 00 00 43", NULL);
  /* Offsets count from the start of each file. */
  r5 = run_tool (bad, NULL);
  check_run (r5, 1, "00 00 FE FF 00 00 00 41 00 00 00 44 00 00 00 45",
             "gutf8conv: bad: Invalid UTF-8 sequence at byte 2: 80\n");
}

/* One run of the tool: its arguments, standard input, and all it must
 * give back (stderr NULL: empty). */
typedef struct
{
  const char *args[8];
  const char *in_hex;
  int         status;
  const char *out_hex;
  const char *err;
} Case;

static void
check_cases (const Case *cases,
             gsize       n)
{
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(Run) r = run_tool (cases[i].args, cases[i].in_hex);
      g_autofree char *args = g_strjoinv (" ", (char **) cases[i].args);

      g_test_message ("gutf8conv %s", args);
      check_run (r, cases[i].status, cases[i].out_hex, cases[i].err);
    }
}

/* iconv's names (gutf8conv(1), gutf8conv-tool-names): what each implies
 * for the byte order and the signature, and --byte-order, --bom and
 * --profile beside them. */
static void
test_names (void)
{
  static const Case cases[] = {
    { { "-t", "UTF-32LE", NULL }, "41 C3 A9", 0, "41 00 00 00 E9 00 00 00", NULL },
    { { "-t", "utf-32be", NULL }, "EF BB BF 41", 0, "00 00 FE FF 00 00 00 41", NULL },
    { { "-t", "UTF-32", NULL }, "41", 0, "00 00 FE FF 00 00 00 41", NULL },
    { { "-t", "UTF-32", NULL }, "EF BB BF 41", 0, "00 00 FE FF 00 00 00 41", NULL },
    { { "-t", "UTF-32", NULL }, "", 0, "00 00 FE FF", NULL },
    { { "-t", "UTF-32", "--bom=strip", NULL }, "EF BB BF 41", 0, "00 00 00 41", NULL },
    { { "-t", "UCS-4", NULL }, "41", 0, "00 00 00 41", NULL },
    { { "-t", "Ucs-4le", NULL }, "41", 0, "41 00 00 00", NULL },
    { { "-t", "UCS-4", "--byte-order=le", NULL }, "41", 0, "41 00 00 00", NULL },
    { { "--to-code=UTF-32BE", "--bom=insert", NULL }, "41", 0, "00 00 FE FF 00 00 00 41", NULL },
    { { "-f", "UTF-32", NULL }, "FF FE 00 00 41 00 00 00", 0, "41", NULL },
    { { "-f", "UTF-32", NULL }, "00 00 FE FF 00 00 00 41", 0, "41", NULL },
    { { "-f", "UTF-32", NULL }, "00 00 00 41", 0, "41", NULL },
    { { "-f", "UTF-32", "--byte-order=le", NULL }, "41 00 00 00", 0, "41", NULL },
    { { "-f", "UCS-4", NULL }, "FF FE 00 00 41 00 00 00", 0, "EF BB BF 41", NULL },
    { { "-f", "UTF-32BE", NULL }, "00 00 FE FF 00 00 00 41", 0, "EF BB BF 41", NULL },
    { { "--from-code=utf-32le", "-t", "cesu-8", NULL }, "00 F6 01 00", 0, "ED A0 BD ED B8 80", NULL },
    { { "-f", "UTF-32LE", "-t", "MUTF-8", NULL }, "00 00 00 00", 0, "C0 80", NULL },
    { { "-f", "UTF-8", "-t", "UTF-32", "--profile=ucs4", NULL }, "FD BF BF BF BF BF", 0,
      "00 00 FE FF 7F FF FF FF", NULL },
    /* The same UTF-8 form on both sides: --repair. */
    { { "-f", "UTF-8", "-t", "utf-8", "--on-error=replace", NULL }, "41 FF C3 A9", 0, "41 EF BF BD C3 A9", NULL },
    { { "-f", "UTF-8", NULL }, "41 80", 1, "41",
      "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 1: 80\n" },
    { { "-f", "CESU-8", "-t", "CESU-8", NULL }, "ED A0 BD ED B8 80", 0, "ED A0 BD ED B8 80", NULL },
    /* Two different forms: one converter with an output profile
     * (#behaviour-output-profile). */
    { { "-f", "CESU-8", "-t", "UTF-8", NULL }, "61 ED A0 BD ED B8 80 62", 0, "61 F0 9F 98 80 62", NULL },
    { { "-f", "UTF-8", "-t", "CESU-8", NULL }, "61 F0 9F 98 80", 0, "61 ED A0 BD ED B8 80", NULL },
    { { "-f", "MUTF-8", "-t", "UTF-8", NULL }, "41 C0 80 00 42", 0, "41 00 00 42", NULL },
    { { "-f", "UTF-8", "-t", "MUTF-8", NULL }, "41 00 42", 0, "41 C0 80 42", NULL },
    { { "-f", "WTF-8", "-t", "UTF-8", "--on-error=replace", NULL }, "61 ED A0 BD 62", 0, "61 EF BF BD 62", NULL },
    { { "-f", "WTF-8", "-t", "CESU-8", "-c", NULL }, "61 ED A0 BD F0 9F 98 80", 0, "61 ED A0 BD ED B8 80", NULL },
    { { "-f", "CESU-8", "--bom=strip", NULL }, "EF BB BF 41", 0, "41", NULL },
    { { "-f", "CESU-8", "--bom=insert", NULL }, "41", 0, "EF BB BF 41", NULL },
    /* Messages name offsets in the input: the reading side's own, and
     * a character the writing side refuses, by value
     * (#behaviour-output-profile). */
    { { "-f", "WTF-8", "-t", "UTF-8", NULL }, "61 62 ED A0 BD 63", 1, "61 62",
      "gutf8conv: (standard input): Lone surrogate 0xD83D at byte 2 cannot be written in UTF-8\n" },
    { { "-f", "MUTF-8", "-t", "UTF-8", NULL }, "61 ED A0 80 62", 1, "61",
      "gutf8conv: (standard input): Lone surrogate 0xD800 at byte 1 cannot be written in UTF-8\n" },
    { { "-f", "MUTF-8", "-t", "UTF-8", "--on-error=replace", NULL }, "61 ED A0 80 62 ED A0 BD ED B8 80", 0,
      "61 EF BF BD 62 F0 9F 98 80", NULL },
    { { "-f", "UTF-8", "-t", "CESU-8", "--profile=ucs4", NULL }, "", 2, "",
      "gutf8conv: --profile cannot be combined with CESU-8, MUTF-8 or WTF-8, which are profiles: give "
      "--profile with UTF-8 only\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    /* Names compare without case, "-" or "_", as iconv's aliases do. */
    { { "-f", "UTF8", "-t", "utf_32le", NULL }, "41", 0, "41 00 00 00", NULL },
    { { "-f", "ucs4", "-t", "Utf8", NULL }, "00 00 00 41", 0, "41", NULL },
    { { "-f", "CESU8", "-t", "UTF8", NULL }, "ED A0 BD ED B8 80", 0, "F0 9F 98 80", NULL },
    { { "-f", "mutf8", "-t", "WTF8", NULL }, "61 ED A0 80 62", 0, "61 ED A0 80 62", NULL },
    { { "-f", "MUTF_8", "-t", "UTF32LE", NULL }, "ED A0 80", 0, "00 D8 00 00", NULL },
    /* Modified UTF-8 carries lone surrogates (#behaviour-profile-modified-utf8). */
    { { "-f", "WTF-8", "-t", "MUTF-8", NULL }, "00 C3 A9 ED B0 80", 0, "C0 80 C3 A9 ED B0 80", NULL },
    { { "-f", "MUTF-8", "-t", "WTF-8", NULL }, "61 ED A0 80 62", 0, "61 ED A0 80 62", NULL },
    { { "-f", "MUTF-8", "-t", "UTF-16LE", NULL }, "61 ED A0 80 62", 0, "61 00 00 D8 62 00", NULL },
    /* Messages name the form read (#behaviour-messages). */
    { { "-f", "CESU-8", "-t", "UTF-8", NULL }, "41 F0 9F 98 80", 1, "41",
      "gutf8conv: (standard input): Invalid CESU-8 sequence at byte 1: F0\n" },
    { { "-f", "CESU-8", "-t", "UTF-8", NULL }, "ED A0 BD", 1, "",
      "gutf8conv: (standard input): Incomplete CESU-8 sequence at byte 0: ED A0 BD\n" },
    { { "-f", "MUTF-8", "-t", "UTF-16LE", NULL }, "41 41 41 41 41 41 41 ED A0", 1, "41 00 41 00 41 00 41 00 41 00 41 00 41 00",
      "gutf8conv: (standard input): Incomplete Modified UTF-8 sequence at byte 7: ED A0\n" },
    { { "-f", "WTF-8", "-t", "UTF-32LE", NULL }, "61 ED A0 BD 62", 0, "61 00 00 00 3D D8 00 00 62 00 00 00", NULL },
    { { "-f", "WTF-8", "-t", "UTF-32LE", NULL }, "61 FF", 1, "61 00 00 00",
      "gutf8conv: (standard input): Invalid WTF-8 sequence at byte 1: FF\n" },
    { { "-f", "CESU-8", "-t", "UTF-8", NULL }, "41 ED A0 BD", 1, "41",
      "gutf8conv: (standard input): Incomplete CESU-8 sequence at byte 1: ED A0 BD\n" },
    /* --on-error on both sides: latin1 reads a bad byte, and replaces
     * what cannot be written (as encoding does). */
    { { "-f", "WTF-8", "-t", "UTF-8", "--on-error=latin1", NULL }, "E9 ED B0 80 41", 0, "C3 A9 EF BF BD 41", NULL },
    { { "-f", "WTF-8", "-t", "UTF-8", "--on-error=windows-1252", NULL }, "80 ED B0 80", 0, "E2 82 AC EF BF BD", NULL },
  };

  check_cases (cases, G_N_ELEMENTS (cases));
}

/* Usage errors (exit 2) say what is accepted. */
static void
test_usage_messages (void)
{
  static const Case cases[] = {
    { { "--profile=bogus", NULL }, "", 2, "",
      "gutf8conv: Invalid value " LQ "bogus" RQ " for --profile (accepted: unicode, ucs4, cesu8, modified-utf8, wtf8)\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "--byte-order=middle", NULL }, "", 2, "",
      "gutf8conv: Invalid value " LQ "middle" RQ " for --byte-order (accepted: host, be, le, detect)\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "--bom=maybe", NULL }, "", 2, "",
      "gutf8conv: Invalid value " LQ "maybe" RQ " for --bom (accepted: keep, strip, insert)\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "--repair", "--on-error=escape", NULL }, "41", 2, "",
      "gutf8conv: --on-error=escape cannot be used when both sides are UTF-8: escaped bytes cannot be "
      "written as UTF-8 (use replace, skip, latin1 or cp1252)\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-f", "CESU-8", "-t", "UTF-8", "--on-error=ESCAPE", NULL }, "41", 2, "",
      "gutf8conv: --on-error=escape cannot be used when both sides are UTF-8: escaped bytes cannot be "
      "written as UTF-8 (use replace, skip, latin1 or cp1252)\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-f", "UTF-32", "-t", "UCS-4", NULL }, "", 2, "",
      "gutf8conv: One side of -f and -t must be a UTF-8 form: UTF-8, CESU-8, MUTF-8 or WTF-8\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-f", "UCS-4", "--repair", NULL }, "", 2, "",
      "gutf8conv: -f and -t cannot be combined with --to-ucs4, --to-utf8, --to-utf16, --from-utf16 or "
      "--repair: use one way or the other\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-t", "UTF-32", "--to-ucs4", NULL }, "", 2, "",
      "gutf8conv: -f and -t cannot be combined with --to-ucs4, --to-utf8, --to-utf16, --from-utf16 or "
      "--repair: use one way or the other\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-f", "CESU-8", "--profile=ucs4", NULL }, "", 2, "",
      "gutf8conv: --profile cannot be combined with CESU-8, MUTF-8 or WTF-8, which are profiles: give "
      "--profile with UTF-8 only\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-t", "UTF-32LE", "--byte-order=be", NULL }, "", 2, "",
      "gutf8conv: --byte-order cannot be combined with a name ending in BE or LE, which gives the order\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "-c", "--on-error=replace", NULL }, "", 2, "",
      "gutf8conv: -c (--skip-invalid) is --on-error=skip: it cannot be combined with another --on-error\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    { { "--to-ucs4", "--to-utf16", NULL }, "", 2, "",
      "gutf8conv: --to-ucs4, --to-utf8, --to-utf16, --from-utf16 and --repair exclude each other\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
    /* iconv's and ICU's spellings of the values, and iconv's -c. */
    { { "--profile=CESU-8", "--to-utf8", NULL }, "00 01 F6 00", 0, "ED A0 BD ED B8 80", NULL },
    { { "--profile=mutf-8", "--to-utf8", NULL }, "00 00 00 00", 0, "C0 80", NULL },
    { { "--profile=WTF-8", NULL }, "ED A0 BD", 0, "00 00 D8 3D", NULL },
    { { "--profile=utf-8", NULL }, "F8 88 80 80 80", 1, "",
      "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 0: F8\n" },
    { { "--on-error=ISO-8859-1", NULL }, "E9", 0, "00 00 00 E9", NULL },
    { { "--on-error=windows-1252", NULL }, "80", 0, "00 00 20 AC", NULL },
    { { "-c", NULL }, "41 FF 42", 0, "00 00 00 41 00 00 00 42", NULL },
    { { "-c", "--on-error=skip", NULL }, "FF 42", 0, "00 00 00 42", NULL },
  };

  check_cases (cases, G_N_ELEMENTS (cases));

  /* An unknown name lists the names, as --list does. */
  {
    const char *unknown[] = { "-f", "latin9", NULL };
    g_autoptr(Run) r = run_tool (unknown, NULL);
    const char *want = utf16 ? "UTF-8, CESU-8, MUTF-8, WTF-8, UCS-4, UCS-4BE, UCS-4LE, UTF-32, UTF-32BE, "
                               "UTF-32LE, UTF-16, UTF-16BE, UTF-16LE"
                             : "UTF-8, CESU-8, MUTF-8, WTF-8, UCS-4, UCS-4BE, UCS-4LE, UTF-32, UTF-32BE, "
                               "UTF-32LE";
    g_autofree char *err = g_strdup_printf ("gutf8conv: Unknown encoding " LQ "latin9" RQ " for -f (accepted: %s)\n"
                                            "Try " LQ "gutf8conv --help" RQ " for more information.\n", want);

    check_run (r, 2, "", err);
  }
}

/* --list: the names, one a line; the UTF-16 ones when the library has
 * UTF-16. */
static void
test_list (void)
{
  const char *list[] = { "--list", NULL };
  const char *l[] = { "-l", NULL };
  g_autoptr(Run) a = run_tool (list, NULL);
  g_autoptr(Run) b = run_tool (l, NULL);
  GString *want = g_string_new ("UTF-8\nCESU-8\nMUTF-8\nWTF-8\nUCS-4\nUCS-4BE\nUCS-4LE\nUTF-32\nUTF-32BE\nUTF-32LE\n");
  g_autofree char *want_str = NULL;
  g_autofree char *hex = NULL;
  GString *h = g_string_new (NULL);

  if (utf16)
    g_string_append (want, "UTF-16\nUTF-16BE\nUTF-16LE\n");
  want_str = g_string_free (want, FALSE);
  for (const char *p = want_str; *p != '\0'; p++)
    g_string_append_printf (h, "%02X ", (guchar) *p);
  hex = g_string_free (h, FALSE);
  check_run (a, 0, hex, NULL);
  check_run (b, 0, hex, NULL);
}

/* UTF-16, when the library has it; else each way to ask for it is a
 * usage error that says so. */
static void
test_utf16 (void)
{
  static const Case cases[] = {
    { { "--to-utf16", NULL }, "41 F0 9F 98 80", 0, "00 41 D8 3D DE 00", NULL },
    { { "--to-utf16", "--byte-order=le", "--bom=insert", NULL }, "41", 0, "FF FE 41 00", NULL },
    { { "--from-utf16", NULL }, "FF FE 41 00 3D D8 00 DE", 0, "EF BB BF 41 F0 9F 98 80", NULL },
    { { "--from-utf16", NULL }, "00 41 00 E9", 0, "41 C3 A9", NULL },
    { { "-f", "UTF-16", "-t", "UTF-8", NULL }, "FF FE 41 00 E9 00", 0, "41 C3 A9", NULL },
    { { "-f", "UTF-16LE", NULL }, "FF FE 41 00", 0, "EF BB BF 41", NULL },
    { { "-t", "UTF-16", NULL }, "41", 0, "FE FF 00 41", NULL },
    { { "-t", "utf-16le", NULL }, "EF BB BF 41", 0, "FF FE 41 00", NULL },
    { { "-f", "CESU-8", "-t", "UTF-16BE", NULL }, "ED A0 BD ED B8 80", 0, "D8 3D DE 00", NULL },
    { { "-f", "UTF-16BE", "-t", "WTF-8", NULL }, "D8 3D 00 41", 0, "ED A0 BD 41", NULL },
    { { "--from-utf16", "--byte-order=be", NULL }, "00 41 DC 00", 1, "41",
      "gutf8conv: (standard input): Invalid UTF-16 unit 0xDC00 at byte 2\n" },
    { { "--from-utf16", "--on-error=replace", "--report", NULL }, "00 41 DC 00", 0, "41 EF BF BD",
      "(standard input): byte 2: DC 00 -> U+FFFD\n" },
    { { "-f", "UTF-16LE", "--on-error=escape", "--report", NULL }, "41 00 E9 DC", 0, "41 E9",
      "(standard input): byte 2: E9 DC -> byte E9\n" },
    { { "-f", "UTF-16LE", "--on-error=escape", "--report", NULL }, "41 00 E9 DC 00 DC", 1, "41 E9",
      "(standard input): byte 2: E9 DC -> byte E9\n"
      "gutf8conv: (standard input): Invalid UTF-16 unit 0xDC00 at byte 4\n" },
    { { "-f", "UTF-16", "-t", "UTF-32", NULL }, "", 2, "",
      "gutf8conv: One side of -f and -t must be a UTF-8 form: UTF-8, CESU-8, MUTF-8 or WTF-8\n"
      "Try " LQ "gutf8conv --help" RQ " for more information.\n" },
  };
  static const char *const ways[][3] = {
    { "--to-utf16", NULL, NULL }, { "--from-utf16", NULL, NULL },
    { "-f", "UTF-16", NULL }, { "-t", "utf-16le", NULL }, { "--to-code=UTF-16BE", NULL, NULL },
  };

  if (utf16)
    {
      check_cases (cases, G_N_ELEMENTS (cases));
      /* Several files, -t UTF-16: one signature, at the start; -f UTF-16:
       * each file's own dropped. */
      {
        const char *to[] = { "-t", "UTF-16", "one", "two", NULL };
        const char *from[] = { "-f", "UTF-16", "le", "be", NULL };
        const char *windows[] = { "-f", "UTF-16", "-t", "UTF-8", "win.txt", NULL };
        g_autoptr(Run) a = NULL, b = NULL, c = NULL;

        write_file ("one", "EF BB BF 41");
        write_file ("two", "EF BB BF 42");
        write_file ("le", "FF FE 41 00");
        write_file ("be", "FE FF 00 42");
        a = run_tool (to, NULL);
        check_run (a, 0, "FE FF 00 41 00 42", NULL);
        b = run_tool (from, NULL);
        check_run (b, 0, "41 42", NULL);
        /* A Windows "Unicode" text file: little-endian, with a signature. */
        write_file ("win.txt", "FF FE 63 00 61 00 66 00 E9 00 3D D8 00 DE 0D 00 0A 00");
        c = run_tool (windows, NULL);
        check_run (c, 0, "63 61 66 C3 A9 F0 9F 98 80 0D 0A", NULL);
      }
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      g_autoptr(Run) r = run_tool (ways[i], "41");

      check_run (r, 2, "", "gutf8conv: UTF-16 is not available in this version of the library\n"
                           "Try " LQ "gutf8conv --help" RQ " for more information.\n");
    }
}

/* --report (gutf8conv-tool-report): one line per repaired sequence, in
 * input order, its offset and bytes, and what took their place. */
static void
test_report (void)
{
  static const Case cases[] = {
    { { "--on-error=replace", "--report", NULL }, "41 E2 82 42 FF", 0,
      "00 00 00 41 00 00 FF FD 00 00 00 42 00 00 FF FD",
      "(standard input): byte 1: E2 82 -> U+FFFD\n(standard input): byte 4: FF -> U+FFFD\n" },
    { { "--on-error=escape", "--report", "--byte-order=le", NULL }, "41 C3 FF", 0,
      "41 00 00 00 C3 DC 00 00 FF DC 00 00",
      "(standard input): byte 1: C3 -> U+DCC3\n(standard input): byte 2: FF -> U+DCFF\n" },
    { { "--repair", "--on-error=cp1252", "--report", NULL }, "80 93 C3", 0, "E2 82 AC E2 80 9C C3 83",
      "(standard input): byte 0: 80 -> U+20AC\n(standard input): byte 1: 93 -> U+201C\n"
      "(standard input): byte 2: C3 -> U+00C3\n" },
    { { "--repair", "--on-error=latin1", "--report", NULL }, "E2 82 41", 0, "C3 A2 C2 82 41",
      "(standard input): byte 0: E2 82 -> U+00E2 U+0082\n" },
    { { "--repair", "-c", "--report", NULL }, "41 C0 AF 42", 0, "41 42",
      "(standard input): byte 1: C0 -> nothing\n(standard input): byte 2: AF -> nothing\n" },
    { { "--to-utf8", "--on-error=escape", "--report", NULL }, "00 00 DC E9 00 00 00 41", 0, "E9 41",
      "(standard input): byte 0: 00 00 DC E9 -> byte E9\n" },
    { { "--to-utf8", "--on-error=escape", "--report", "--byte-order=le", NULL }, "E9 DC 00 00", 0, "E9",
      "(standard input): byte 0: E9 DC 00 00 -> byte E9\n" },
    { { "--to-utf8", "--on-error=latin1", "--report", NULL }, "00 00 00 41 00 00 D8 00 00 00", 0,
      "41 EF BF BD EF BF BD",
      "(standard input): byte 4: 00 00 D8 00 -> U+FFFD\n(standard input): byte 8: 00 00 -> U+FFFD\n" },
    /* Strict repairs nothing, so reports nothing. */
    { { "--report", NULL }, "41 FF", 1, "00 00 00 41",
      "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 1: FF\n" },
    /* Through UCS-4: both sides' repairs, in input order. */
    { { "-f", "WTF-8", "-t", "UTF-8", "--on-error=replace", "--report", NULL }, "FF 61 ED A0 BD 62 C3", 0,
      "EF BF BD 61 EF BF BD 62 EF BF BD",
      "(standard input): byte 0: FF -> U+FFFD\n(standard input): byte 2: ED A0 BD -> U+FFFD\n"
      "(standard input): byte 6: C3 -> U+FFFD\n" },
    { { "-f", "WTF-8", "--report", "-c", NULL }, "C3 ED A0 BD 41", 0, "41",
      "(standard input): byte 0: C3 -> nothing\n(standard input): byte 1: ED A0 BD -> nothing\n" },
    { { "-f", "WTF-8", "--report", "--on-error=latin1", NULL }, "E9 ED B0 80 41", 0, "C3 A9 EF BF BD 41",
      "(standard input): byte 0: E9 -> U+00E9\n(standard input): byte 1: ED B0 80 -> U+FFFD\n" },
    /* A WTF-8 low surrogate form right after a high one is malformed
     * input (#behaviour-profile-wtf8), whose bytes latin1 and cp1252
     * keep, not a lone surrogate the output refused, which is U+FFFD
     * (#behaviour-output-profile): what the report says is what was
     * written, whether the output refused the high form or wrote it. */
    { { "-f", "WTF-8", "-t", "UTF-8", "--on-error=latin1", "--report", NULL }, "ED A0 80 ED B0 80 41", 0,
      "EF BF BD C3 AD C2 B0 C2 80 41",
      "(standard input): byte 0: ED A0 80 -> U+FFFD\n(standard input): byte 3: ED B0 80 -> U+00ED U+00B0 U+0080\n" },
    { { "-f", "WTF-8", "-t", "MUTF-8", "--on-error=cp1252", "--report", NULL }, "ED A0 80 ED B0 80 41", 0,
      "ED A0 80 C3 AD C2 B0 E2 82 AC 41", "(standard input): byte 3: ED B0 80 -> U+00ED U+00B0 U+20AC\n" },
    /* Not right after it: a lone surrogate, refused. */
    { { "-f", "WTF-8", "-t", "UTF-8", "--on-error=latin1", "--report", NULL }, "ED A0 80 41 ED B0 80", 0,
      "EF BF BD 41 EF BF BD",
      "(standard input): byte 0: ED A0 80 -> U+FFFD\n(standard input): byte 4: ED B0 80 -> U+FFFD\n" },
  };

  check_cases (cases, G_N_ELEMENTS (cases));

  /* Offsets count from the start of each file, which is named. */
  {
    const char *files[] = { "--repair", "--on-error=replace", "--report", "one", "bad", NULL };
    g_autoptr(Run) r = NULL;

    write_file ("one", "41 FF");
    write_file ("bad", "42 43 80");
    r = run_tool (files, NULL);
    check_run (r, 0, "41 EF BF BD 42 43 EF BF BD", "one: byte 1: FF -> U+FFFD\nbad: byte 2: 80 -> U+FFFD\n");
  }
}

/* Through UCS-4, far into the input: the offsets of the walk over what
 * was decoded, with and without ASCII to cut the input at, and with the
 * reading side's repairs before. */
static void
test_through_ucs4_offsets (void)
{
  static const struct
  {
    const char *unit;      /* repeated */
    guint       repeat;
    guint       unit_len;
    const char *mode;
  } cases[] = {
    { "61 ", 100000, 1, "--on-error=strict" },
    { "C3 A9 ", 70000, 2, "--on-error=strict" },
    { "E2 82 AC ", 50000, 3, "--on-error=strict" },
    { "F0 9F 98 80 ", 40000, 4, "--on-error=strict" },
    { "FF ", 70000, 1, "--on-error=replace" },
    { "E2 82 ", 40000, 2, "--on-error=skip" },
    { "E9 ", 70000, 1, "--on-error=latin1" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const char *args[] = { "-f", "WTF-8", "-t", "UTF-8", cases[c].mode, "--report", NULL };
      GString *in = g_string_new (NULL);
      g_autofree char *in_str = NULL;
      g_autofree char *err = NULL;
      g_autoptr(Run) r = NULL;
      guint64 at = (guint64) cases[c].repeat * cases[c].unit_len;
      gboolean strict = g_str_has_suffix (cases[c].mode, "strict");

      for (guint i = 0; i < cases[c].repeat; i++)
        g_string_append (in, cases[c].unit);
      g_string_append (in, "ED B0 80 41");
      in_str = g_string_free (in, FALSE);
      r = run_tool (args, in_str);
      if (strict)
        err = g_strdup_printf ("gutf8conv: (standard input): Lone surrogate 0xDC00 at byte %" G_GUINT64_FORMAT
                               " cannot be written in UTF-8\n", at);
      else
        {
          /* A line for each repaired sequence before, then the lone
           * surrogate's. */
          g_autofree char *last = g_strdup_printf ("(standard input): byte %" G_GUINT64_FORMAT
                                                   ": ED B0 80 -> %s\n", at,
                                                   g_str_has_suffix (cases[c].mode, "skip") ? "nothing" : "U+FFFD");
          guint lines = 0;

          for (const char *p = r->err; *p != '\0'; p++)
            lines += *p == '\n';
          g_assert_cmpint (r->status, ==, 0);
          g_assert_cmpuint (lines, ==, cases[c].repeat + 1);
          g_assert_true (g_str_has_suffix (r->err, last));
          continue;
        }
      g_assert_cmpint (r->status, ==, 1);
      g_assert_cmpstr (r->err, ==, err);
      g_assert_cmpuint (g_bytes_get_size (r->out), ==, (gsize) at);
    }
}

/* The byte-order hint (gutf8conv-tool-hint): only when the first units
 * are all invalid as read and all valid swapped. */
static void
test_byte_order_hint (void)
{
  static const Case cases[] = {
    { { "--to-utf8", NULL }, "68 00 00 00 69 00 00 00", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0 "
      "(the input looks little-endian: try --byte-order=le)\n" },
    { { "--to-utf8", "--byte-order=le", NULL }, "00 00 00 68 00 00 00 69", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0 "
      "(the input looks big-endian: try --byte-order=be)\n" },
    { { "-f", "UTF-32BE", NULL }, "68 00 00 00 69 00 00 00", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0 "
      "(the input looks little-endian: try -f UTF-32LE)\n" },
    { { "-f", "ucs-4", NULL }, "68 00 00 00 69 00 00 00", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0 "
      "(the input looks little-endian: try -f UCS-4LE)\n" },
    /* One unit is not evidence enough; nor is a unit valid as read. */
    { { "--to-utf8", NULL }, "68 00 00 00", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0\n" },
    { { "--to-utf8", NULL }, "68 00 00 00 00 00 00 41", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0\n" },
    { { "--to-utf8", NULL }, "00 00 00 41 68 00 00 00", 1, "41",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 4\n" },
    /* Nor a unit invalid both ways. */
    { { "--to-utf8", NULL }, "68 00 00 00 FF FF FF FF", 1, "",
      "gutf8conv: (standard input): Invalid UCS-4 value 0x68000000 at byte 0\n" },
  };

  check_cases (cases, G_N_ELEMENTS (cases));
  if (utf16)
    {
      const char *args[] = { "-f", "UTF-16BE", NULL };
      g_autoptr(Run) r = run_tool (args, "D8 00 D9 00");

      check_run (r, 1, "", "gutf8conv: (standard input): Invalid UTF-16 unit 0xD800 at byte 0 "
                           "(the input looks little-endian: try -f UTF-16LE)\n");
    }
}

/* File names in messages as the file system has them, whatever the
 * locale: never ? or [Invalid UTF-8]. */
static void
test_raw_names (void)
{
  const char *locales[] = { "C", "C.UTF-8" };

  write_file ("caf\xc3\xa9-bad\xff.txt", "41 FF");
  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      const char *missing[] = { "nonexist-\xc3\xa9.txt", NULL };
      const char *invalid[] = { "bad\xffname.txt", NULL };
      const char *bad[] = { "caf\xc3\xa9-bad\xff.txt", NULL };
      const char *report[] = { "--on-error=replace", "--report", "caf\xc3\xa9-bad\xff.txt", NULL };
      const char *out[] = { "-o", "no-dir-\xff/x", "caf\xc3\xa9-bad\xff.txt", NULL };
      g_autoptr(Run) a = run_tool_in (missing, NULL, locales[i]);
      g_autoptr(Run) b = run_tool_in (invalid, NULL, locales[i]);
      g_autoptr(Run) c = run_tool_in (bad, NULL, locales[i]);
      g_autoptr(Run) d = run_tool_in (report, NULL, locales[i]);
      g_autoptr(Run) e = run_tool_in (out, NULL, locales[i]);

      check_run (a, 2, "", "gutf8conv: nonexist-\xc3\xa9.txt: No such file or directory\n");
      check_run (b, 2, "", "gutf8conv: bad\xffname.txt: No such file or directory\n");
      check_run (c, 1, "00 00 00 41",
                 "gutf8conv: caf\xc3\xa9-bad\xff.txt: Invalid UTF-8 sequence at byte 1: FF\n");
      check_run (d, 0, "00 00 00 41 00 00 FF FD", "caf\xc3\xa9-bad\xff.txt: byte 1: FF -> U+FFFD\n");
      check_run (e, 2, "", "gutf8conv: no-dir-\xff/x: No such file or directory\n");
    }
  {
    g_autofree char *path = g_build_filename (tmpdir, "caf\xc3\xa9-bad\xff.txt", NULL);

    g_unlink (path);
  }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The files in the temporary directory, sorted, one string: nothing is
 * left behind by -o. */
static char *
list_dir (const char *extra)
{
  g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (strcmp (name, ".stdin") != 0)
      g_ptr_array_add (names, g_strdup (name));
  if (extra != NULL && !g_ptr_array_find_with_equal_func (names, extra, g_str_equal, NULL))
    g_ptr_array_add (names, g_strdup (extra));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
assert_file (const char *name,
             const char *hex)
{
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GBytes) want = tu_hex (hex);
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  tu_assert_bytes ((const guint8 *) contents, len, want, name);
}

static void
test_output_file (void)
{
  const char *args[] = { "--to-utf8", "--byte-order=le", "-o", "out.txt", NULL };
  const char *full[] = { "--byte-order=le", "-o", "/dev/full", NULL };
  g_autoptr(Run) r = NULL, f = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "out.txt", NULL);
  g_autofree char *before = list_dir ("out.txt");
  g_autofree char *after = NULL;
  struct stat st;

  /* An existing file is replaced, and keeps its permissions. */
  write_file ("out.txt", "58 58 58 58 58 58 58 58 58 58");
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  r = run_tool (args, "41 00 00 00 AC 20 00 00");
  check_run (r, 0, "", NULL);
  assert_file ("out.txt", "41 E2 82 AC");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmphex (st.st_mode & 0777, ==, 0640);

  /* A conversion that fails leaves the old file as it was, and no
   * temporary file behind. */
  {
    const char *bad[] = { "--to-utf8", "--byte-order=be", "-o", "out.txt", NULL };
    g_autoptr(Run) b = run_tool (bad, "00 00 00 41 00 00 D8 00");

    check_run (b, 1, "", "gutf8conv: (standard input): Invalid UCS-4 value 0x0000D800 at byte 4\n");
    assert_file ("out.txt", "41 E2 82 AC");
  }

  /* -o may name an input, as with iconv: converted in place. */
  {
    const char *in_place[] = { "--byte-order=be", "-o", "same", "same", NULL };
    const char *back[] = { "--to-utf8", "-o", "same", "same", NULL };
    g_autoptr(Run) a = NULL, b = NULL;

    write_file ("same", "41 C3 A9 E2 82 AC");
    a = run_tool (in_place, NULL);
    check_run (a, 0, "", NULL);
    assert_file ("same", "00 00 00 41 00 00 00 E9 00 00 20 AC");
    b = run_tool (back, NULL);
    check_run (b, 0, "", NULL);
    assert_file ("same", "41 C3 A9 E2 82 AC");
  }

  /* A new file is made with the usual permissions. */
  {
    const char *fresh[] = { "-o", "fresh", NULL };
    g_autoptr(Run) n = run_tool (fresh, "41");
    g_autofree char *fresh_path = g_build_filename (tmpdir, "fresh", NULL);
    mode_t mask = umask (0);

    umask (mask);
    check_run (n, 0, "", NULL);
    assert_file ("fresh", "00 00 00 41");
    g_assert_cmpint (g_stat (fresh_path, &st), ==, 0);
    g_assert_cmphex (st.st_mode & 0777, ==, 0666 & ~mask);
    g_unlink (fresh_path);
  }
  {
    g_autofree char *same = g_build_filename (tmpdir, "same", NULL);

    g_unlink (same);
    after = list_dir (NULL);
    g_assert_cmpstr (after, ==, before);
  }

  /* A write error is an I/O error: status 2 and a message. */
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      f = run_tool (full, "41");
      g_assert_cmpint (f->status, ==, 2);
      g_assert_true (g_str_has_prefix (f->err, "gutf8conv: /dev/full: "));
      g_assert_nonnull (strchr (f->err, '\n'));
      g_assert_cmpint (strchr (f->err, '\n') - f->err, ==, strlen (f->err) - 1);
    }
}

/* A reader that goes away ends the tool quietly, as SIGPIPE ends cat:
 * no message, the status of a death by that signal. */
static void
test_broken_pipe (void)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autofree char *big = g_build_filename (tmpdir, "big", NULL);
  g_autofree char *data = g_strnfill (200000, 'x');
  const char *argv[] = { tool, big, NULL };
  int fds[2];

  g_file_set_contents (big, data, -1, &error);
  g_assert_no_error (error);
  /* The read end is closed before the tool starts: its first write
   * fails, whatever the scheduling. */
  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, NULL));
  close (fds[0]);
  g_subprocess_launcher_take_stdout_fd (launcher, fds[1]);
  g_subprocess_launcher_set_stdin_file_path (launcher, "/dev/null");
  proc = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (proc, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_subprocess_wait (proc, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_signaled (proc));
  g_assert_cmpint (g_subprocess_get_term_sig (proc), ==, SIGPIPE);
  g_assert_cmpuint (g_bytes_get_size (err), ==, 0);
  g_unlink (big);
}

/* Under the C locale the messages keep plain quotes (no ?), and a missing
 * file is named once, with the system's words. */
static void
test_c_locale (void)
{
  const char *args[] = { "--on-error=x", NULL };
  const char *missing[] = { "no-such-file", NULL };
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  const char *cases[][2] = {
    { "x", "gutf8conv: Invalid value \"x\" for --on-error (accepted: strict, replace, skip, escape, latin1, cp1252)\n"
           "Try \"gutf8conv --help\" for more information.\n" },
    { "m", "gutf8conv: no-such-file: No such file or directory\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autoptr(GSubprocess) proc = NULL;
      g_autoptr(GBytes) out = NULL, err = NULL;
      g_autoptr(GError) error = NULL;
      const char * const *a = i == 0 ? args : missing;

      g_ptr_array_add (argv, (gpointer) tool);
      for (guint k = 0; a[k] != NULL; k++)
        g_ptr_array_add (argv, (gpointer) a[k]);
      g_ptr_array_add (argv, NULL);
      g_subprocess_launcher_set_cwd (launcher, tmpdir);
      g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
      g_subprocess_launcher_set_stdin_file_path (launcher, "/dev/null");
      proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
      g_assert_no_error (error);
      g_subprocess_communicate (proc, NULL, NULL, &out, &err, &error);
      g_assert_no_error (error);
      g_subprocess_wait (proc, NULL, NULL);
      g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 2);
      g_assert_cmpmem (g_bytes_get_data (err, NULL), g_bytes_get_size (err),
                       cases[i][1], strlen (cases[i][1]));
    }
}

/* Status 2, one line naming the file; the output before it is written. */
static void
test_missing_file (void)
{
  const char *args[] = { "--byte-order=be", "one", "no-such-file", "two", NULL };
  g_autoptr(Run) r = NULL;

  write_file ("one", "41");
  write_file ("two", "43");
  r = run_tool (args, NULL);
  g_assert_cmpint (r->status, ==, 2);
  check_run (r, 2, "00 00 00 41", r->err);
  g_assert_cmpstr (r->err, ==, "gutf8conv: no-such-file: No such file or directory\n");
  g_assert_cmpint (strchr (r->err, '\n') - r->err, ==, strlen (r->err) - 1);

  /* A directory cannot be read: an I/O error as well. */
  {
    const char *dir[] = { ".", NULL };
    const char *nowhere[] = { "-o", "no-such-dir/out", NULL };
    g_autoptr(Run) d = run_tool (dir, NULL);
    g_autoptr(Run) o = run_tool (nowhere, "41");

    check_run (d, 2, "", "gutf8conv: .: Is a directory\n");
    check_run (o, 2, "", o->err);
    g_assert_true (g_str_has_prefix (o->err, "gutf8conv: no-such-dir/out: "));
  }
}

static void
test_usage (void)
{
  const char *bad_value[] = { "--on-error=bogus", NULL };
  const char *bad_order[] = { "--byte-order=middle", NULL };
  const char *unknown[] = { "--frobnicate", NULL };
  const char *both[] = { "--to-ucs4", "--to-utf8", NULL };
  const char *upper[] = { "--byte-order=Big-Endian", "--bom=STRIP", "--on-error=Replace", "--profile=UCS4", NULL };
  const char *version[] = { "--version", NULL };
  const char *help[] = { "--help", NULL };
  g_autoptr(Run) r1 = run_tool (bad_value, "41");
  g_autoptr(Run) r2 = run_tool (bad_order, "41");
  g_autoptr(Run) r3 = run_tool (unknown, "41");
  g_autoptr(Run) r4 = run_tool (both, "41");
  g_autoptr(Run) r5 = run_tool (version, NULL);
  g_autoptr(Run) r6 = run_tool (help, NULL);
  g_autoptr(Run) r7 = run_tool (upper, "EF BB BF 41 FF");
  g_autofree char *help_text = g_strndup (g_bytes_get_size (r6->out) > 0
                                          ? g_bytes_get_data (r6->out, NULL) : "",
                                          g_bytes_get_size (r6->out));

  check_run (r1, 2, "", r1->err);
  g_assert_nonnull (strstr (r1->err, "bogus"));
  g_assert_nonnull (strstr (r1->err, "--on-error"));
  check_run (r2, 2, "", r2->err);
  g_assert_nonnull (strstr (r2->err, "middle"));
  check_run (r3, 2, "", r3->err);
  g_assert_nonnull (strstr (r3->err, "--frobnicate"));
  check_run (r4, 2, "", r4->err);
  g_assert_nonnull (strstr (r4->err, "--to-utf8"));
  check_run (r5, 0, "67 75 74 66 38 63 6F 6E 76 20 31 2E 33 2E 30 0A", NULL);  /* "gutf8conv 1.3.0\n" */
  g_assert_cmpint (r6->status, ==, 0);
  /* Values in any case. */
  check_run (r7, 0, "00 00 00 41 00 00 FF FD", NULL);
  for (const char *opt = "--to-ucs4\0--to-utf8\0--repair\0--byte-order\0--bom\0--on-error\0--profile\0--output\0--version\0";
       *opt != '\0'; opt += strlen (opt) + 1)
    {
      if (strstr (help_text, opt) == NULL)
        g_test_message ("--help does not mention %s", opt);
      g_assert_nonnull (strstr (help_text, opt));
    }
}

/* More than the tool's buffer, through a pipe: streamed, exact. */
static void
test_large (void)
{
  const char *args[] = { "--byte-order=be", "--on-error=replace", NULL };
  GString *hex = g_string_new (NULL);
  GString *want = g_string_new (NULL);
  g_autoptr(Run) r = NULL;
  g_autofree char *hex_str = NULL, *want_str = NULL;

  for (guint i = 0; i < 30000; i++)
    {
      g_string_append (hex, i % 1000 == 999 ? "E2 82 " : "E2 82 AC ");
      g_string_append (want, i % 1000 == 999 ? "00 00 FF FD " : "00 00 20 AC ");
    }
  hex_str = g_string_free (hex, FALSE);
  want_str = g_string_free (want, FALSE);
  r = run_tool (args, hex_str);
  check_run (r, 0, want_str, NULL);

  /* An error far into the input: everything before it comes out. */
  {
    const char *strict[] = { "--byte-order=le", NULL };
    GString *in = g_string_new (NULL), *out = g_string_new (NULL);
    g_autofree char *in_str = NULL, *out_str = NULL;
    g_autoptr(Run) e = NULL;

    for (guint i = 0; i < 100000; i++)
      {
        g_string_append (in, "61 ");
        g_string_append (out, "61 00 00 00 ");
      }
    g_string_append (in, "80 61");
    in_str = g_string_free (in, FALSE);
    out_str = g_string_free (out, FALSE);
    e = run_tool (strict, in_str);
    check_run (e, 1, out_str,
               "gutf8conv: (standard input): Invalid UTF-8 sequence at byte 100000: 80\n");
  }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);
  utf8_locale = setlocale (LC_ALL, "C.UTF-8") != NULL;
  setlocale (LC_ALL, "C");
  /* Not needed since the tools' input is a file, but a pipe must never
   * be the test's death. */
  signal (SIGPIPE, SIG_IGN);

  tool = g_getenv ("GUTF8CONV_TOOL");
  if (tool == NULL || !g_file_test (tool, G_FILE_TEST_IS_EXECUTABLE))
    {
      /* A TAP skip: with protocol 'tap' meson counts any other exit
       * status as an error, 77 included. */
      g_print ("1..0 # SKIP GUTF8CONV_TOOL does not name the built tool\n");
      return 0;
    }
  {
    g_autoptr(GEnumClass) klass = g_type_class_ref (GUTF8CONV_TYPE_DIRECTION);

    utf16 = g_enum_get_value_by_nick (klass, "utf8-to-utf16") != NULL;
  }
  tmpdir = g_dir_make_tmp ("gutf8conv-test-tool-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/tool/stdin", test_stdin);
  g_test_add_func ("/tool/modes", test_modes);
  g_test_add_func ("/tool/byte-order-defaults", test_byte_order_defaults);
  g_test_add_func ("/tool/new-values", test_new_values);
  g_test_add_func ("/tool/malformed", test_malformed);
  g_test_add_func ("/tool/files", test_files);
  g_test_add_func ("/tool/output-file", test_output_file);
  g_test_add_func ("/tool/missing-file", test_missing_file);
  g_test_add_func ("/tool/broken-pipe", test_broken_pipe);
  g_test_add_func ("/tool/c-locale", test_c_locale);
  g_test_add_func ("/tool/usage", test_usage);
  g_test_add_func ("/tool/large", test_large);
  g_test_add_func ("/tool/names", test_names);
  g_test_add_func ("/tool/usage-messages", test_usage_messages);
  g_test_add_func ("/tool/list", test_list);
  g_test_add_func ("/tool/utf16", test_utf16);
  g_test_add_func ("/tool/report", test_report);
  g_test_add_func ("/tool/through-ucs4-offsets", test_through_ucs4_offsets);
  g_test_add_func ("/tool/byte-order-hint", test_byte_order_hint);
  g_test_add_func ("/tool/raw-names", test_raw_names);

  ret = g_test_run ();

  {
    const char *names[] = { "one", "two", "empty", "bad", "out.txt", ".stdin", "le", "be", "win.txt" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (tmpdir, names[i], NULL);

        g_unlink (path);
      }
    g_rmdir (tmpdir);
    g_free (tmpdir);
  }
  return ret;
}
