// dlib's own HOG face detector on the same grey pixels Iris sees, for tools/face-hog-parity: the JPEG is
// decoded by libjpeg and reduced to luma with Iris's weights (77, 150, 29)/256, doubled `upsample` times
// with dlib::pyramid_up, scanned, and the boxes mapped back with pyramid_down<2>::rect_down.
// Prints one JSON line per image: {"input", "ms" (median of `runs`), "faces": [[left, top, right, bottom, confidence, filter]]}.
#include <dlib/image_processing/frontal_face_detector.h>
#include <dlib/image_io.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 4) { std::fprintf(stderr, "usage: reference-detect UPSAMPLE RUNS IMAGE...\n"); return 2; }
    const int upsample = std::atoi(argv[1]), runs = std::max(1, std::atoi(argv[2]));
    dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
    for (int i = 3; i < argc; ++i) {
        dlib::array2d<dlib::rgb_pixel> rgb;
        dlib::load_image(rgb, argv[i]);
        dlib::array2d<unsigned char> grey(rgb.nr(), rgb.nc());
        for (long r = 0; r < rgb.nr(); ++r)
            for (long c = 0; c < rgb.nc(); ++c) {
                const auto& p = rgb[r][c];
                grey[r][c] = (unsigned char)((77 * p.red + 150 * p.green + 29 * p.blue + 128) >> 8);
            }
        std::vector<dlib::rect_detection> found;
        std::vector<double> times;
        for (int run = 0; run < runs; ++run) {
            auto start = std::chrono::steady_clock::now();
            dlib::array2d<unsigned char> picture;
            dlib::assign_image(picture, grey);
            for (int u = 0; u < upsample; ++u) dlib::pyramid_up(picture);
            found.clear();
            detector(picture, found);
            times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        std::sort(times.begin(), times.end());
        dlib::pyramid_down<2> halving;
        std::printf("{\"input\": \"%s\", \"ms\": %.3f, \"faces\": [", argv[i], times[times.size() / 2]);
        for (size_t k = 0; k < found.size(); ++k) {
            dlib::rectangle r = halving.rect_down(found[k].rect, upsample);
            std::printf("%s[%ld, %ld, %ld, %ld, %.6f, %lu]", k ? ", " : "", r.left(), r.top(), r.right(), r.bottom(),
                        found[k].detection_confidence, found[k].weight_index);
        }
        std::printf("]}\n");
    }
    return 0;
}
