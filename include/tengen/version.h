/* version.h - tengen's version: one definition for every place that shows it (the GTP `version`
 * answer, `tengen --version`, the AP property of the SGF files tengen writes).
 *
 * The scheme is MAJOR.MINOR.PATCH, digits only. GUIs written for Leela Zero read the GTP version
 * as Leela Zero's: Lizzie takes the number after the first dot as Leela Zero's minor version and
 * refuses to analyse (with a blocking dialog) below 15, and it parses that number as an integer,
 * so a suffix such as "16-dev" would break its reader. The minor number therefore stays at 15 or
 * above and the version is never written with a suffix.
 */
#ifndef TENGEN_VERSION_H
#define TENGEN_VERSION_H

#define TENGEN_VERSION "0.16.0"

#endif
