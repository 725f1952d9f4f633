#ifndef IRIS_CFUZZERDRIVER_H
#define IRIS_CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver on `callback` with the process's arguments, when the program was linked with
/// `-sanitize=fuzzer` (libFuzzer's runtime, linked whole); returns -1 without it, so the ordinary build links.
int iris_run_fuzzer(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
