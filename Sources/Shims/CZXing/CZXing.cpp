// zxing-cpp 1.4 returns std::wstring from text() unless ZX_USE_UTF8 is defined before its headers.
#define ZX_USE_UTF8 1
#include "CZXing.h"

#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

void copyError(const std::string &message, char *error, int capacity) {
    if (error == nullptr || capacity <= 0) return;
    std::strncpy(error, message.c_str(), static_cast<size_t>(capacity - 1));
    error[capacity - 1] = '\0';
}

ZXing::Binarizer binarizerFor(int value) {
    switch (value) {
    case 1: return ZXing::Binarizer::GlobalHistogram;
    case 2: return ZXing::Binarizer::FixedThreshold;
    case 3: return ZXing::Binarizer::BoolCast;
    default: return ZXing::Binarizer::LocalAverage;
    }
}

char *duplicate(const std::string &text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy != nullptr) std::memcpy(copy, text.c_str(), text.size() + 1);
    return copy;
}

} // namespace

extern "C" int czx_read(const uint8_t *luma, int width, int height, int bytes_per_row,
                        const czx_read_options *options, czx_result **results,
                        char *error, int error_capacity) {
    *results = nullptr;
    if (luma == nullptr || width <= 0 || height <= 0 || bytes_per_row < width) {
        copyError("invalid luma plane", error, error_capacity);
        return -1;
    }
    try {
        ZXing::DecodeHints hints;
        if (options->formats == 0) { copyError("no barcode format asked for", error, error_capacity); return -1; }
        hints.setFormats(static_cast<ZXing::BarcodeFormat>(options->formats));
        hints.setTryHarder(options->try_harder != 0);
        hints.setTryRotate(options->try_rotate != 0);
        hints.setTryDownscale(options->try_downscale != 0);
        hints.setBinarizer(binarizerFor(options->binarizer));
        if (options->max_symbols > 0) hints.setMaxNumberOfSymbols(static_cast<uint8_t>(options->max_symbols));
        ZXing::ImageView view(luma, width, height, ZXing::ImageFormat::Lum, bytes_per_row);
        auto found = ZXing::ReadBarcodes(view, hints);
        int count = 0;
        for (const auto &r : found) if (r.isValid()) count++;
        if (count == 0) return 0;
        auto *out = static_cast<czx_result *>(std::calloc(static_cast<size_t>(count), sizeof(czx_result)));
        if (out == nullptr) { copyError("out of memory", error, error_capacity); return -1; }
        int i = 0;
        for (const auto &r : found) {
            if (!r.isValid()) continue;
            czx_result &o = out[i++];
            o.text = duplicate(r.text());
            const auto &bytes = r.bytes();
            o.byte_count = static_cast<int>(bytes.size());
            o.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() + 1));
            if (o.bytes != nullptr && !bytes.empty()) std::memcpy(o.bytes, bytes.data(), bytes.size());
            const auto &p = r.position();
            for (int c = 0; c < 4; c++) { o.corners[2 * c] = p[c].x; o.corners[2 * c + 1] = p[c].y; }
            o.is_mirrored = r.isMirrored() ? 1 : 0;
            o.format = static_cast<int>(r.format());
            o.ec_level = duplicate(r.ecLevel());
            o.content_type = static_cast<int>(r.contentType());
            o.orientation = r.orientation();
        }
        *results = out;
        return count;
    } catch (const std::exception &e) {
        copyError(e.what(), error, error_capacity);
        return -1;
    } catch (...) {
        copyError("zxing-cpp threw an unknown exception", error, error_capacity);
        return -1;
    }
}

extern "C" void czx_free_results(czx_result *results, int count) {
    if (results == nullptr) return;
    for (int i = 0; i < count; i++) { std::free(results[i].text); std::free(results[i].bytes); std::free(results[i].ec_level); }
    std::free(results);
}
