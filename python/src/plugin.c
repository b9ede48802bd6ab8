/* mbconnect.load_plugin(path): placeholder until the library's plugin
 * loader is merged. */
#include "pymbc.h"
