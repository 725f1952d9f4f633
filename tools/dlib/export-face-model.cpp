// Writes dlib's built-in HOG face detector (compiled into frontal_face_detector.h as compressed
// base64) in dlib's own serialization format, the format `iris` reads and dlib's
// train_object_detector writes as .svm files.
#include <dlib/image_processing/frontal_face_detector.h>
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
    if (argc != 2) { std::cerr << "usage: export-face-model OUT.svm\n"; return 2; }
    dlib::frontal_face_detector detector = dlib::get_frontal_face_detector();
    std::ofstream out(argv[1], std::ios::binary);
    dlib::serialize(detector, out);
    out.close();
    if (!out) { std::cerr << "could not write " << argv[1] << "\n"; return 1; }
    return 0;
}
