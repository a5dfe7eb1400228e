// stb_image_write's code, for the page (the desktop links Debian's libstb, which holds it).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
