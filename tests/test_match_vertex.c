/* test_match_vertex.c - GTP vertices as `tengen match` reads them from engines and opening files
 * (match_game.h): case, the missing I column, pass, garbage, and a round trip on every size. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cli/match_game.h"
#include "tengen/board.h"

static void test_parse(void **state)
{
    (void)state;
    board_t b;
    assert_true(board_init(&b, 9, false));
    assert_int_equal(match_vertex_parse(&b, "A1"), board_point(&b, 0, 8));
    assert_int_equal(match_vertex_parse(&b, "a1"), board_point(&b, 0, 8));
    assert_int_equal(match_vertex_parse(&b, "J9"), board_point(&b, 8, 0));
    assert_int_equal(match_vertex_parse(&b, "E5"), board_point(&b, 4, 4));
    assert_int_equal(match_vertex_parse(&b, "pass"), POINT_PASS);
    assert_int_equal(match_vertex_parse(&b, "PASS"), POINT_PASS);
    const char *bad[] = {"",   "I5",     "K1",    "A0",  "A10", "A01", "A1x",
                         "1A", "resign", "xyzzy", "A-1", "A 1", "AA1", "A99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(match_vertex_parse(&b, bad[i]), POINT_NONE);
}

static void test_round_trip(void **state)
{
    (void)state;
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
        board_t b;
        assert_true(board_init(&b, size, false));
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                char text[8];
                int p = board_point(&b, x, y);
                assert_int_equal(match_vertex_parse(&b, match_vertex_text(&b, p, text)), p);
            }
        }
        char text[8];
        assert_string_equal(match_vertex_text(&b, POINT_PASS, text), "pass");
    }
    board_t b;
    assert_true(board_init(&b, 25, false));
    char text[8];
    assert_string_equal(match_vertex_text(&b, board_point(&b, 24, 0), text), "Z25");
    assert_string_equal(match_vertex_text(&b, board_point(&b, 8, 24), text), "J1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
