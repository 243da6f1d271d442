// libqrencode (Debian libqrencode-dev): the QR codes the Futurae back office draws.
#include <qrencode.h>
