/* feed.vala: convert a file piece by piece with the incremental call
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   feed FILE
 *
 * Reads FILE 5 bytes at a time, so that characters are cut between
 * pieces, and hands each piece to Converter.feed (): first strictly,
 * keeping the valid text before the first malformed sequence and saying
 * where it is; then repairing, with the repaired ranges collected.
 * Malformed input is one condition with two error codes: INVALID_DATA,
 * or PARTIAL_INPUT when the end of the file cuts a sequence off.
 */

using GUtf8Conv;

delegate void Piece (uint8[] piece, bool final) throws GLib.Error;

/* Calls @piece for each piece of @path and once more, empty, to end it. */
static void read_pieces (string path, Piece piece) throws GLib.Error
{
  var stream = File.new_for_path (path).read ();
  var buffer = new uint8[5];
  ssize_t n;

  while ((n = stream.read (buffer)) > 0)
    piece (buffer[0:n], false);
  piece (new uint8[0], true);
}

static string text (ByteArray bytes)
{
  bytes.append ({ 0 });
  return (string) bytes.data;
}

int main (string[] args)
{
  if (args.length != 2)
    {
      stderr.printf ("usage: feed FILE\n");
      return 2;
    }

  var strict = new GUtf8Conv.Converter (Direction.UTF8_TO_UTF8);
  var kept = new ByteArray ();
  try {
    read_pieces (args[1], (piece, final) => kept.append (strict.feed (piece, final)));
    stdout.printf ("strict: valid\n");
  } catch (IOError.INVALID_DATA e) {
    kept.append (strict.take_output_before_error ());
    stdout.printf ("strict: malformed at byte %" + int64.FORMAT + ": %s\n", strict.error_offset, e.message);
  } catch (IOError.PARTIAL_INPUT e) {
    kept.append (strict.take_output_before_error ());
    stdout.printf ("strict: cut off at byte %" + int64.FORMAT + ": %s\n", strict.error_offset, e.message);
  } catch (Error e) {
    stderr.printf ("%s\n", e.message);
    return 1;
  }
  stdout.printf ("strict: kept \"%s\"\n", text (kept));

  var repair = new GUtf8Conv.Converter.full (Direction.UTF8_TO_UTF8, GUtf8Conv.ByteOrder.HOST, BomMode.STRIP,
                                   ErrorMode.REPLACE, Profile.UNICODE);
  var repaired = new ByteArray ();
  var ranges = new StringBuilder ();
  /* A piece has at most 5 malformed sequences. */
  repair.collect_repairs (5);
  try {
    read_pieces (args[1], (piece, final) => {
      repaired.append (repair.feed (piece, final));
      var r = repair.take_repairs ();
      for (int i = 0; i < r.length; i += 2)
        ranges.append_printf (" %" + uint64.FORMAT + "+%" + uint64.FORMAT, r[i], r[i + 1]);
    });
  } catch (Error e) {
    stderr.printf ("%s\n", e.message);
    return 1;
  }
  stdout.printf ("repaired:%s\n%s", ranges.str, text (repaired));
  return 0;
}
