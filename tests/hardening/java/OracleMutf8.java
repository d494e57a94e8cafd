// SPDX-License-Identifier: LGPL-2.1-or-later
//
// OracleMutf8 IN OUT: Java's own modified UTF-8 (DataOutputStream.writeUTF,
// DataInputStream.readUTF) for oracle-java.py.  IN holds records
//   u8 0, u32 n, n UTF-16 units (u16, big-endian): writeUTF them;
//   u8 1, u32 n, n bytes: readUTF them;
// OUT gets, for each,
//   u32 n, n bytes (writeUTF's output without its two-byte length), or
//   u8 1 and u32 n, n UTF-16 units (readUTF's string), or u8 0 (it threw).
// One JVM for all the records.

import java.io.*;

public class OracleMutf8 {
    public static void main(String[] args) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(args[0])));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(args[1])));
        while (true) {
            int kind = in.read();
            if (kind < 0)
                break;
            int n = in.readInt();
            if (kind == 0) {
                char[] units = new char[n];
                for (int i = 0; i < n; i++)
                    units[i] = in.readChar();
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                new DataOutputStream(bytes).writeUTF(new String(units));
                byte[] b = bytes.toByteArray();
                out.writeInt(b.length - 2);
                out.write(b, 2, b.length - 2);
            } else {
                byte[] b = new byte[n + 2];
                b[0] = (byte) (n >> 8);
                b[1] = (byte) n;
                in.readFully(b, 2, n);
                try {
                    String s = new DataInputStream(new ByteArrayInputStream(b)).readUTF();
                    out.write(1);
                    out.writeInt(s.length());
                    out.writeChars(s);
                } catch (UTFDataFormatException | EOFException e) {
                    out.write(0);
                }
            }
        }
        out.close();
    }
}
