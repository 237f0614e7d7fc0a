package org.vdsoexplorer.sim;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The compilers the listings were made with (assets/csrc/build-listings.sh, Debian packages): gcc 12 is
 * the default and its listings sit in assets/listings/; the others in a folder named after them. Register
 * allocation, and so the spills the lessons count, is the compiler's decision.
 */
public enum Compiler {
    GCC_12("gcc-12", ""),
    GCC_11("gcc-11", "gcc-11/"),
    CLANG_16("clang-16", "clang-16/");

    private final String cliName, folder;

    Compiler(String cliName, String folder) {
        this.cliName = cliName;
        this.folder = folder;
    }

    /** The name on the command line and in the build script; each listing's header has the full version. */
    public String cliName() { return cliName; }

    /** The listing of {@code v} made by this compiler, relative to the project root / class path root. */
    public String listingPath(Variant v) { return "assets/listings/" + folder + v.cliName() + ".lst"; }

    public static Optional<Compiler> byName(String s) {
        return Arrays.stream(values()).filter(c -> c.cliName.equals(s)).findFirst();
    }

    public static String names() { return Arrays.stream(values()).map(Compiler::cliName).collect(Collectors.joining(", ")); }
}
