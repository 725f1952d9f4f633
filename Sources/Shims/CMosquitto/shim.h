// libmosquitto (Eclipse Mosquitto's MQTT 3.1.1/5 client, Debian's libmosquitto-dev): Swift sees its C API as it is.
#include <mosquitto.h>
