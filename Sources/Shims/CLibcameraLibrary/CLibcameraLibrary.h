// Intentionally empty: this module carries libcamera's pkg-config flags to the CLibcamera shim (see module.modulemap).
