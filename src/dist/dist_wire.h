/* dist_wire.h - rank 0's messages (dist.h) as bytes and back: a header of fixed size, then a
 * payload (a line's text; a search's move filter and position). Inside the dist module: the MPI
 * build sends the bytes (dist_mpi.c), the tests check them without MPI.
 *
 * Every rank runs the same binary, so words are in the machine's own byte order. The other ranks
 * trust nothing in the bytes: every field is checked, and a broken message is refused with a
 * reason, never a crash.
 */
#ifndef TENGEN_DIST_WIRE_H
#define TENGEN_DIST_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tengen/dist.h"

#define DIST_WIRE_MAX_PAYLOAD ((int64_t)1 << 30) /* bytes; a longer payload is refused */

/* The header of a message. payload_len bytes follow it when that is not 0. */
typedef struct dist_wire_header {
    int32_t kind, color, move_search, point, threads;
    int32_t parts; /* SEARCH: DIST_WIRE_FILTER and DIST_WIRE_GAME, present in this order; GAME:
                      DIST_WIRE_GAME */
    int64_t playouts, payload_len;
} dist_wire_header_t;

enum { DIST_WIRE_FILTER = 1, DIST_WIRE_GAME = 2 };

/* msg as a header and a payload: *payload is malloc'd (the caller frees it), NULL when
 * header->payload_len is 0. False after a reason in err (at most err_len bytes) when out of
 * memory, the payload would be longer than DIST_WIRE_MAX_PAYLOAD, or a GAME has no game. */
bool dist_wire_encode(const dist_msg_t *msg, dist_wire_header_t *header, unsigned char **payload,
                      char *err, size_t err_len);

/* Is header one that dist_wire_encode can make (kind, colour, threads, playouts, parts and the
 * payload's length in range)? The receiver asks before it takes the payload. */
bool dist_wire_is_valid_header(const dist_wire_header_t *header);

typedef enum dist_wire_status {
    DIST_WIRE_OK,
    DIST_WIRE_NO_GAME, /* a GAME or whole SEARCH message whose position cannot be set up: msg->game
                          is NULL, the rest of msg is filled */
    DIST_WIRE_BROKEN,  /* not a message: msg is empty */
} dist_wire_status_t;

/* The message of header and its payload (header->payload_len bytes; NULL when 0) into *msg,
 * whose text, filter and game are allocated (the caller frees them, as dist.h says). Anything
 * but DIST_WIRE_OK writes a reason to err (at most err_len bytes). */
dist_wire_status_t dist_wire_decode(const dist_wire_header_t *header, const unsigned char *payload,
                                    dist_msg_t *msg, char *err, size_t err_len);

#endif
