// SPDX-License-Identifier: LGPL-2.1-or-later
//
// ClassFileStrings OUT [MODULE...]: every CONSTANT_Utf8 entry of the
// constant pools of the JDK's own classes (the jrt:/ file system, the
// given modules or all), for oracle-java.py.  OUT gets, for each entry,
//   u32 n, n bytes (the entry as stored, without its length), then
//   u32 m, m UTF-16 units (DataInputStream.readUTF of those bytes).
// Last: u32 0xFFFFFFFF, u32 classes read.

import java.io.*;
import java.net.URI;
import java.nio.file.*;
import java.util.stream.*;

public class ClassFileStrings {
    static int classes = 0;

    public static void main(String[] args) throws IOException {
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(args[0])));
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path modules = jrt.getPath("/modules");
        try (Stream<Path> mods = Files.list(modules)) {
            for (Path mod : (Iterable<Path>) mods.sorted()::iterator) {
                String name = mod.getFileName().toString();
                if (args.length > 1 && !java.util.Arrays.asList(args).subList(1, args.length).contains(name))
                    continue;
                try (Stream<Path> files = Files.walk(mod)) {
                    for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class")).sorted()::iterator)
                        pool(Files.readAllBytes(p), out);
                }
            }
        }
        out.writeInt(-1);
        out.writeInt(classes);
        out.close();
    }

    static void pool(byte[] b, DataOutputStream out) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
        if (in.readInt() != 0xCAFEBABE)
            return;
        classes++;
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
            case 1: {
                int n = in.readUnsignedShort();
                byte[] s = new byte[n + 2];
                s[0] = (byte) (n >> 8);
                s[1] = (byte) n;
                in.readFully(s, 2, n);
                String str = new DataInputStream(new ByteArrayInputStream(s)).readUTF();
                out.writeInt(n);
                out.write(s, 2, n);
                out.writeInt(str.length());
                out.writeChars(str);
                break;
            }
            case 3: case 4: in.skipBytes(4); break;
            case 5: case 6: in.skipBytes(8); i++; break;
            case 7: case 8: case 16: case 19: case 20: in.skipBytes(2); break;
            case 9: case 10: case 11: case 12: case 17: case 18: in.skipBytes(4); break;
            case 15: in.skipBytes(3); break;
            default: throw new IOException("constant pool tag " + tag);
            }
        }
    }
}
