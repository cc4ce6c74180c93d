/* http_assets.h - the files of web/ built into the binary: CMake (cmake/embed_web.cmake) writes
 * one C array per file and this table into the build folder, so a change under web/ rebuilds
 * the program. */
#ifndef TENGEN_HTTP_ASSETS_H
#define TENGEN_HTTP_ASSETS_H

#include <stddef.h>

typedef struct web_asset {
    const char *path; /* relative to web/, with '/' ("index.html", "lib/x.js") */
    const unsigned char *data;
    size_t size;
} web_asset_t;

extern const web_asset_t WEB_ASSETS[];
extern const size_t WEB_ASSET_COUNT;

#endif
