/* mbconnect.evaluate_case(path): placeholder until the library's case API
 * is merged. */
#include "pymbc.h"
