// zxing-cpp 1.4 as Debian 12 builds it keeps its assert()s, and one of them fails on ordinary pictures:
// Result::operator== (core/src/Result.cpp:140, `lineCount() == 1`) is reached whenever ReadBarcodes merges
// two reads of one 1-D symbology with the same content: two equal EAN-13s on a shelf, or one Code 128 found
// again in a downscaled copy (zxing-cpp's own test/samples/code128-1/4.png). glibc's __assert_fail would
// abort the whole process (a camera run included); zxing-cpp 2.0 replaced the assert with a comparison.
//
// This definition takes the place of glibc's for the process (the executable's symbol comes first). An
// assertion inside zxing-cpp (its function names start with ZXing::) becomes a C++ exception, which unwinds
// out of ReadBarcodes into czx_read's catch and reaches Swift as an error whose message starts with
// "zxing-cpp assertion" (the barcode detector then reads those symbologies one code at a time). Every other
// failed assertion prints glibc's message and aborts, as before.
//
// <assert.h> is not included: it declares __assert_fail noexcept, and this one throws.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

extern "C" [[noreturn]] void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
    if (function != nullptr && std::strstr(function, "ZXing::") != nullptr) {
        throw std::runtime_error(std::string("zxing-cpp assertion `") + (assertion ? assertion : "?") + "' failed in " + function +
                                 " (" + (file ? file : "?") + ":" + std::to_string(line) + ")");
    }
    std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file ? file : "?", line,
                 function ? function : "?", assertion ? assertion : "?");
    std::fflush(stderr);
    std::abort();
}
