# args: --playouts 2000 --seed 1 --komi 0.5
# The end of the game: do not fill own eyes, pass when passing wins.

# 5x5, black has a living group (eyes A5, C5, E5) and white a living group (eyes A1, C1, E1); the only
# empty points are eyes. Black must not fill an own eye: pass.
boardsize 5
clear_board
play b b5
play b d5
play b a4
play b b4
play b c4
play b d4
play b e4
play b a3
play b b3
play b c3
play b d3
play b e3
play w a2
play w b2
play w c2
play w d2
play w e2
play w b1
play w d1
10 reg_genmove b
#? [PASS]

# White to move after black passed: white loses the count (black 15, white 10 + 0.5), but
# every empty point is an eye, so the only move is pass.
play b pass
20 reg_genmove w
#? [PASS]

# 5x5, every point settled: both groups have their eyes, black's only empty points besides are
# A5-B5 inside its own area, and black wins the count (15 to 10 + 0.5). Black passes instead of
# playing inside its own area.
boardsize 5
clear_board
play b c5
play w d5
play b a4
play b b4
play b c4
play w d4
play w e4
play b a3
play b c3
play w d3
play b a2
play b b2
play b c2
play w d2
play w e2
play b b1
play b c1
play w d1
30 reg_genmove b
#? [PASS]

# After two passes a lone stone deep in the opponent's area is dead, however unsure the playouts
# are of it: Black's wall on column D, White's on column E, a black stone at H5 (W+16 at komi 7).
boardsize 9
clear_board
komi 7
play b d1
play w e1
play b d2
play w e2
play b d3
play w e3
play b d4
play w e4
play b d5
play w e5
play b d6
play w e6
play b d7
play w e7
play b d8
play w e8
play b d9
play w e9
play b h5
play w pass
play b pass
40 final_status_list dead
#? [H5]
50 final_score
#? [W+16]

# The same on 19x19 with the stone near White's star points: P10 next to Q10.
boardsize 19
clear_board
komi 7.5
play b d4
play w q16
play b d16
play w q4
play b d10
play w q10
play b c7
play w r7
play b c13
play w r13
play b f3
play w o3
play b f17
play w o17
play b p10
play w pass
play b pass
60 final_status_list dead
#? [P10]
