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
