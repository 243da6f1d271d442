// libpng (Debian libpng-dev): the Auth API's activation QR code as a PNG image.
#include <png.h>
