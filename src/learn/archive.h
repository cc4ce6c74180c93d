/* archive.h - the files of an input path: a tar archive (gzip-compressed or not) or one plain file.
 *
 * Reads tar.gz archives in place with zlib, one entry at a time, so that a data set of many small
 * SGF files needs no unpacking. Hostile input is bounded: headers are checksummed, sizes checked
 * against the cap before anything is allocated, names always NUL-terminated.
 */
#ifndef TENGEN_LEARN_ARCHIVE_H
#define TENGEN_LEARN_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>

/* Files larger than this are skipped (counted), never loaded. */
#define ARCHIVE_MAX_FILE_BYTES (16u * 1024u * 1024u)

/* Called for every regular file; return false to stop early. data is not NUL-terminated and is
 * valid during the call only. name is the path inside the archive (or the input path itself). */
typedef bool (*archive_file_fn)(const char *name, const char *data, size_t len, void *user);

/* Visit the files of path: a .tgz/.tar.gz (ustar or GNU tar, long names by GNU 'L' entries or pax
 * 'path' records), a plain tar, or any other file, read whole (e.g. a .sgf). The kind is found
 * from the content (gzip magic, tar header checksum); a name ending in .tgz, .tar.gz or .tar that
 * is not such an archive is an error. Returns the number of files visited (the call that returned
 * false included), or -1 with a message naming path and the problem in err (unreadable, not gzip,
 * truncated, bad header checksum, corrupt data); fn may have been called for earlier files.
 * Files over ARCHIVE_MAX_FILE_BYTES are skipped with one warning line on stderr at the end. */
long archive_for_each_file(const char *path, archive_file_fn fn, void *user, char *err,
                           int err_len);

/* The same, without the warning: *skipped (may be NULL) receives the number of files skipped for
 * their size. */
long archive_for_each_file_counted(const char *path, archive_file_fn fn, void *user, long *skipped,
                                   char *err, int err_len);

#endif
