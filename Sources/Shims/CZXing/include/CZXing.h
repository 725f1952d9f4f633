// A thin C interface over zxing-cpp 1.4 (Debian libzxing-dev), so Swift never sees C++ types.
// Codes pass through it one way only: reading a luma plane (IrisCore's generators encode). The QR detector
// reads QR codes; any other symbology zxing-cpp knows is named by its BarcodeFormat flag in `formats`.
#ifndef CZXING_H
#define CZXING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How zxing-cpp should search; mirrors the DecodeHints that matter here.
typedef struct czx_read_options {
    int try_harder;     ///< spend more time looking (finder patterns at more scan lines)
    int try_rotate;     ///< also search 90°/270° rotated
    int try_downscale;  ///< also scan downscaled copies of large images
    int binarizer;      ///< 0 local average, 1 global histogram, 2 fixed threshold, 3 bool cast
    int max_symbols;    ///< stop after this many codes (0: no limit)
    int formats;        ///< zxing-cpp BarcodeFormat flags to look for (QRCode 1<<13, Code128 1<<4, Aztec 1<<0, …)
} czx_read_options;

/// One decoded code. Corners are pixel coordinates (x right, y down) in the code's own frame:
/// top-left, top-right, bottom-right, bottom-left, as x0 y0 x1 y1 … .
typedef struct czx_result {
    char *text;            ///< UTF-8, NUL-terminated, owned by the result
    uint8_t *bytes;        ///< raw content bytes, owned by the result
    int byte_count;
    int corners[8];
    int is_mirrored;
    int format;            ///< the BarcodeFormat flag of the symbology found
    char *ec_level;        ///< error-correction level as zxing-cpp reports it ("M", "25%"…), "" when none; owned
    int content_type;      ///< zxing-cpp ContentType: 0 text, 1 binary, 2 mixed, 3 GS1, 4 ISO 15434, 5 unknown ECI
    int orientation;       ///< degrees the symbol is turned in the picture
} czx_result;

/// Reads every code of options->formats in an 8-bit luma plane. Returns the number of codes (0 or more) and stores a
/// malloc'd array in *results (free it with czx_free_results), or -1 when zxing-cpp failed, with a
/// message copied into error (NUL-terminated, at most error_capacity bytes).
int czx_read(const uint8_t *luma, int width, int height, int bytes_per_row,
                const czx_read_options *options, czx_result **results,
                char *error, int error_capacity);

void czx_free_results(czx_result *results, int count);

#ifdef __cplusplus
}
#endif

#endif
