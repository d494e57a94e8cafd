/* test-gutf8conv.vala: GUtf8Conv from Vala, through the generated vapi
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Expected bytes are the standards' vectors and the behaviour guide's
 * examples of maximal subparts.
 */

using GUtf8Conv;

/* Reads @input through a GConverterInputStream, @count bytes at a time;
 * the output before an error is kept in @output. */
static uint8[] read_through (GLib.Converter converter,
                             uint8[]        input,
                             size_t         count,
                             ref ByteArray  output) throws GLib.Error
{
  var base_stream = new MemoryInputStream.from_bytes (new Bytes (input));
  var stream = new ConverterInputStream (base_stream, converter);
  var buffer = new uint8[count];
  ssize_t n;

  while ((n = stream.read (buffer)) > 0)
    output.append (buffer[0:n]);
  stream.close ();
  return output.data;
}

static string hex (uint8[] bytes)
{
  var s = new StringBuilder ();
  foreach (var b in bytes)
    s.append_printf ("%s%02X", s.len > 0 ? " " : "", b);
  return s.str;
}

static uint8[] unhex (string text)
{
  var out = new ByteArray ();
  foreach (var word in text.split (" "))
    out.append ({ (uint8) uint64.parse (word, 16) });
  return out.data;
}

static void assert_bytes (uint8[] actual, string expected)
{
  assert_cmpstr (hex (actual), CompareOperator.EQ, expected);
}

/* 1.1: the full constructor, the repair direction, the signal and the
 * error offset, as Vala sees them. */
static void test_repair ()
{
  var conv = new GUtf8Conv.Converter.full (GUtf8Conv.Direction.UTF8_TO_UTF8,
                                           GUtf8Conv.ByteOrder.HOST,
                                           GUtf8Conv.BomMode.STRIP,
                                           GUtf8Conv.ErrorMode.REPLACE,
                                           GUtf8Conv.Profile.UNICODE);
  var seen = new StringBuilder ();
  conv.invalid_sequence.connect ((offset, bytes) => {
    seen.append_printf ("%" + uint64.FORMAT + ":%u;", offset, (uint) bytes.get_size ());
  });
  uint8[] input = { 0xEF, 0xBB, 0xBF, 'a', 0xE2, 0x82, 'b', 0xFF };
  try {
    var output = conv.convert_bytes (new Bytes (input));
    assert_bytes (output.get_data (), "61 EF BF BD 62 EF BF BD");
  } catch (Error e) {
    assert_not_reached ();
  }
  assert (seen.str == "4:2;7:1;");
  assert (conv.num_invalid == 2);
  assert (conv.error_offset == -1);

  var strict = new GUtf8Conv.Converter.full (GUtf8Conv.Direction.UTF8_TO_UTF8,
                                             GUtf8Conv.ByteOrder.HOST,
                                             GUtf8Conv.BomMode.KEEP,
                                             GUtf8Conv.ErrorMode.STRICT,
                                             GUtf8Conv.Profile.UNICODE);
  try {
    strict.convert_bytes (new Bytes (input));
    assert_not_reached ();
  } catch (IOError.INVALID_DATA e) {
    assert (strict.get_error_offset () == 4);
  } catch (Error e) {
    assert_not_reached ();
  }
}

static void test_construct ()
{
  var a = new GUtf8Conv.Converter (Direction.UCS4_TO_UTF8);
  assert_true (a.get_direction () == Direction.UCS4_TO_UTF8);
  assert_true (a.bom_mode == BomMode.KEEP);
  assert_true (a.error_mode == ErrorMode.STRICT);
  assert_true (a is GLib.Converter);

  /* Construct properties: Object (...) for a final class is GLib.Object.new. */
  var b = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                            direction: Direction.UCS4_TO_UTF8,
                                            bom_mode: BomMode.INSERT,
                                            byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN);
  assert_true (b.direction == Direction.UCS4_TO_UTF8);
  assert_true (b.get_bom_mode () == BomMode.INSERT);
  assert_true (b.byte_order == GUtf8Conv.ByteOrder.BIG_ENDIAN);
  assert_true (b.profile == Profile.UNICODE);
  assert_cmpuint ((uint) b.num_invalid, CompareOperator.EQ, 0);
}

static void test_vectors_through_stream ()
{
  /* The standards' vectors: UCS-4 (big-endian) and UTF-8. */
  string[,] vectors = {
    { "00 00 00 41 00 00 22 62 00 00 03 91 00 00 00 2E", "41 E2 89 A2 CE 91 2E" },
    { "00 00 D5 5C 00 00 AD 6D 00 00 C5 B4", "ED 95 9C EA B5 AD EC 96 B4" },
    { "00 00 65 E5 00 00 67 2C 00 00 8A 9E", "E6 97 A5 E6 9C AC E8 AA 9E" },
    { "00 00 FE FF 00 02 33 B4", "EF BB BF F0 A3 8E B4" },
    { "00 01 00 00 00 10 FF FF", "F0 90 80 80 F4 8F BF BF" },
  };

  for (int i = 0; i < vectors.length[0]; i++)
    {
      var dec = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                                  byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN);
      var enc = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                                  direction: Direction.UCS4_TO_UTF8,
                                                  byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN);
      foreach (size_t count in new size_t[] { 1, 3, 4096 })
        {
          var out_dec = new ByteArray ();
          var out_enc = new ByteArray ();
          try
            {
              assert_bytes (read_through (dec, unhex (vectors[i, 1]), count, ref out_dec),
                            vectors[i, 0]);
              assert_bytes (read_through (enc, unhex (vectors[i, 0]), count, ref out_enc),
                            vectors[i, 1]);
            }
          catch (GLib.Error e)
            {
              error ("%s", e.message);
            }
          dec.reset ();
          enc.reset ();
        }
    }
}

static void test_bom_and_replace ()
{
  var conv = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                               bom_mode: BomMode.STRIP,
                                               error_mode: ErrorMode.REPLACE,
                                               byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN);
  var output = new ByteArray ();
  try
    {
      /* EF BB BF, then the guide's example: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64. */
      read_through (conv, unhex ("EF BB BF 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64"), 2, ref output);
    }
  catch (GLib.Error e)
    {
      error ("%s", e.message);
    }
  assert_bytes (output.data,
                "00 00 00 61 00 00 FF FD 00 00 FF FD 00 00 FF FD 00 00 00 62 00 00 FF FD " +
                "00 00 00 63 00 00 FF FD 00 00 FF FD 00 00 00 64");
  assert_cmpuint ((uint) conv.get_num_invalid (), CompareOperator.EQ, 6);

  try
    {
      var bytes = conv.convert_bytes (new Bytes (unhex ("ED A0 80")));
      assert_bytes (bytes.get_data (), "00 00 FF FD 00 00 FF FD 00 00 FF FD");
    }
  catch (GLib.Error e)
    {
      error ("%s", e.message);
    }
}

static void test_invalid_data ()
{
  var conv = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                               byte_order: GUtf8Conv.ByteOrder.BIG_ENDIAN);
  var output = new ByteArray ();
  bool caught = false;

  try
    {
      /* 2F C0 AE 2E 2F: the "/../" attack of RFC 3629. */
      read_through (conv, unhex ("2F C0 AE 2E 2F"), 4096, ref output);
    }
  catch (IOError.INVALID_DATA e)
    {
      caught = true;
      assert_cmpstr (e.message, CompareOperator.EQ, "Invalid UTF-8 sequence at byte 1: C0");
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }
  assert_true (caught);
  /* The text before the bad byte comes first. */
  assert_bytes (output.data, "00 00 00 2F");

  caught = false;
  try
    {
      conv.convert_bytes (new Bytes (unhex ("61 FF")));
    }
  catch (IOError.INVALID_DATA e)
    {
      caught = true;
      assert_cmpstr (e.message, CompareOperator.EQ, "Invalid UTF-8 sequence at byte 1: FF");
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }
  assert_true (caught);
}

/* 1.2: the UTF-16 directions, with the RFC 2781 pairs and the behaviour
 * guide's end-of-stream rule. */
static void test_utf16 ()
{
  var to16 = new GUtf8Conv.Converter.full (GUtf8Conv.Direction.UTF8_TO_UTF16,
                                           GUtf8Conv.ByteOrder.BIG_ENDIAN,
                                           GUtf8Conv.BomMode.INSERT,
                                           GUtf8Conv.ErrorMode.STRICT,
                                           GUtf8Conv.Profile.UNICODE);
  var from16 = new GUtf8Conv.Converter.full (GUtf8Conv.Direction.UTF16_TO_UTF8,
                                             GUtf8Conv.ByteOrder.DETECT,
                                             GUtf8Conv.BomMode.STRIP,
                                             GUtf8Conv.ErrorMode.REPLACE,
                                             GUtf8Conv.Profile.UNICODE);
  var output = new ByteArray ();

  assert_cmpint (GUtf8Conv.Direction.UTF8_TO_UTF16, CompareOperator.EQ, 3);
  assert_cmpint (GUtf8Conv.Direction.UTF16_TO_UTF8, CompareOperator.EQ, 4);
  assert_true (to16.direction == GUtf8Conv.Direction.UTF8_TO_UTF16);
  try
    {
      /* U+10000, U+12345, U+10FFFF and "A", one byte at a time. */
      read_through (to16, unhex ("F0 90 80 80 F0 92 8D 85 F4 8F BF BF 41"), 1, ref output);
      assert_bytes (output.data, "FE FF D8 00 DC 00 D8 08 DF 45 DB FF DF FF 00 41");
      output = new ByteArray ();
      /* Little-endian from its signature; a lone low unit, then a high
       * unit and an odd byte cut off by the end: three U+FFFD. */
      read_through (from16, unhex ("FF FE 41 00 00 DC 3D D8 42"), 3, ref output);
      assert_bytes (output.data, "41 EF BF BD EF BF BD EF BF BD");
      assert_true (from16.num_invalid == 3);
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }

  var strict = new GUtf8Conv.Converter (GUtf8Conv.Direction.UTF16_TO_UTF8);
  bool caught = false;
  try
    {
      strict.convert_bytes (new Bytes (unhex ("41")));
    }
  catch (IOError.PARTIAL_INPUT e)
    {
      caught = true;
      assert_cmpstr (e.message, CompareOperator.EQ, "Incomplete UTF-16 sequence at byte 0: 41");
      assert_true (strict.get_error_offset () == 0);
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }
  assert_true (caught);
}

static void test_runtime_version ()
{
  var v = "%u.%u.%u".printf (GUtf8Conv.get_major_version (),
                             GUtf8Conv.get_minor_version (),
                             GUtf8Conv.get_micro_version ());
  assert_cmpstr (v, CompareOperator.EQ, GUtf8Conv.VERSION_S);
  assert_null (GUtf8Conv.check_version (1, 0, 0));
  assert_cmpstr (GUtf8Conv.check_version (GUtf8Conv.get_major_version () + 1, 0, 0),
                 CompareOperator.EQ, "gutf8conv version too old (major mismatch)");
}

/* Every cut of a stream into three pieces (some empty): 1 to 3 pieces,
 * through the incremental call; the output before an error is kept. */
static void test_feed_splits ()
{
  uint8[] input = { 'c', 'a', 'f', 0xC3, 0xA9, ' ', 0xE2, 0x82, 0xAC, 0xFF, '!', 0xE2, 0x82 };
  for (int i = 0; i <= input.length; i++)
    for (int j = i; j <= input.length; j++)
      {
        var conv = new GUtf8Conv.Converter.full (GUtf8Conv.Direction.UTF8_TO_UTF8,
                                                 GUtf8Conv.ByteOrder.HOST,
                                                 GUtf8Conv.BomMode.KEEP,
                                                 GUtf8Conv.ErrorMode.REPLACE,
                                                 GUtf8Conv.Profile.UNICODE);
        var strict = new GUtf8Conv.Converter (GUtf8Conv.Direction.UTF8_TO_UTF8);
        conv.collect_repairs (input.length);
        var output = new ByteArray ();
        var kept = new ByteArray ();
        var repairs = new StringBuilder ();
        int[] starts = { 0, i, j }, ends = { i, j, input.length };
        bool failed = false;
        for (int n = 0; n < 3; n++)
          {
            try {
              output.append (conv.feed (input[starts[n]:ends[n]], n == 2));
              foreach (var v in conv.take_repairs ())
                repairs.append_printf ("%" + uint64.FORMAT + " ", v);
            } catch (Error e) {
              assert_not_reached ();
            }
            if (failed)
              continue;
            try {
              kept.append (strict.feed (input[starts[n]:ends[n]], n == 2));
            } catch (IOError.INVALID_DATA e) {
              kept.append (strict.take_output_before_error ());
              failed = true;
            } catch (IOError.PARTIAL_INPUT e) {
              kept.append (strict.take_output_before_error ());
              failed = true;
            } catch (Error e) {
              assert_not_reached ();
            }
          }
        assert_bytes (output.data, "63 61 66 C3 A9 20 E2 82 AC EF BF BD 21 EF BF BD");
        assert (repairs.str == "9 1 11 2 ");
        assert_bytes (kept.data, "63 61 66 C3 A9 20 E2 82 AC");
        assert (failed);
        assert (strict.error_offset == 9);
      }
}

/* 1.3: one converter between two forms of UTF-8, its output-profile set
 * by name (#behaviour-output-profile); modified UTF-8 as Java writes it
 * (#behaviour-profile-modified-utf8); messages that name the form
 * (#behaviour-messages). */
static void test_output_profile ()
{
  var cesu = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                               direction: Direction.UTF8_TO_UTF8,
                                               profile: Profile.CESU8,
                                               output_profile: (int) Profile.UNICODE);
  assert_true (cesu.output_profile == (int) Profile.UNICODE);
  assert_cmpint (cesu.get_output_profile (), CompareOperator.EQ, (int) Profile.UNICODE);
  var plain = new GUtf8Conv.Converter (Direction.UTF8_TO_UTF8);
  assert_cmpint (plain.output_profile, CompareOperator.EQ, -1);
  assert_cmpint (plain.get_output_profile (), CompareOperator.EQ, -1);

  var mutf = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                               direction: Direction.UTF8_TO_UTF8,
                                               profile: Profile.MODIFIED_UTF8,
                                               output_profile: (int) Profile.UNICODE);
  var java = new GUtf8Conv.Converter.full (Direction.UTF8_TO_UTF16,
                                           GUtf8Conv.ByteOrder.BIG_ENDIAN,
                                           BomMode.KEEP, ErrorMode.STRICT,
                                           Profile.MODIFIED_UTF8);
  var to_java = new GUtf8Conv.Converter.full (Direction.UTF16_TO_UTF8,
                                              GUtf8Conv.ByteOrder.BIG_ENDIAN,
                                              BomMode.KEEP, ErrorMode.STRICT,
                                              Profile.MODIFIED_UTF8);
  var cut = (GUtf8Conv.Converter) Object.new (typeof (GUtf8Conv.Converter),
                                              direction: Direction.UTF8_TO_UTF8,
                                              profile: Profile.CESU8);
  try
    {
      var output = new ByteArray ();
      /* U+1F600 as a CESU-8 pair, one byte at a time. */
      read_through (cesu, unhex ("61 ED A0 BD ED B8 80 62"), 1, ref output);
      assert_bytes (output.data, "61 F0 9F 98 80 62");
      /* A lone high unit and U+0000, as Java writes them, and back. */
      assert_bytes (to_java.convert_bytes (new Bytes (unhex ("00 61 D8 00 00 00"))).get_data (),
                    "61 ED A0 80 C0 80");
      assert_bytes (java.convert_bytes (new Bytes (unhex ("61 ED A0 80 C0 80"))).get_data (),
                    "00 61 D8 00 00 00");
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }

  bool caught = false;
  try
    {
      mutf.convert_bytes (new Bytes (unhex ("61 ED A0 80 62")));
    }
  catch (IOError.INVALID_DATA e)
    {
      caught = true;
      assert_cmpstr (e.message, CompareOperator.EQ,
                     "Lone surrogate 0xD800 at byte 1 cannot be written in UTF-8");
      assert_true (mutf.get_error_offset () == 1);
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }
  assert_true (caught);

  caught = false;
  try
    {
      cut.convert_bytes (new Bytes (unhex ("ED A0 BD")));
    }
  catch (IOError.PARTIAL_INPUT e)
    {
      caught = true;
      assert_cmpstr (e.message, CompareOperator.EQ, "Incomplete CESU-8 sequence at byte 0: ED A0 BD");
    }
  catch (GLib.Error e)
    {
      error ("unexpected error %s", e.message);
    }
  assert_true (caught);
}

int main (string[] args)
{
  Test.init (ref args);
  Test.add_func ("/vala/construct", test_construct);
  Test.add_func ("/vala/vectors-through-stream", test_vectors_through_stream);
  Test.add_func ("/vala/bom-and-replace", test_bom_and_replace);
  Test.add_func ("/vala/invalid-data", test_invalid_data);
  Test.add_func ("/vala/repair-1.1", test_repair);
  Test.add_func ("/vala/version-1.1", test_runtime_version);
  Test.add_func ("/vala/feed-splits-1.2", test_feed_splits);
  Test.add_func ("/vala/utf16-1.2", test_utf16);
  Test.add_func ("/vala/output-profile-1.3", test_output_profile);
  return Test.run ();
}
