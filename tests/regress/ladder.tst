# args: --playouts 2000 --seed 1 --komi 0.5
# Ladders: do not run from a ladder that works.

# 9x9: black B7 is in atari and extending at C7 only makes the
# string White takes bigger.
boardsize 9
clear_board
play w a7
play w b8
play w c8
play b b7
play w b6
play b e5
play w e3
20 reg_genmove b
#? [!C7]

# 7x7, a working ladder: the white cutting stone C3 (liberties C4, D3) separates black's left group
# from the right one. Black C4 starts a ladder along the first line (W D3 B E3 W D2 B E2 W D1 B E1)
# that captures it; D3 lets C3 connect to the wall at C4-C5. By the exact solver C4 is worth 4
# points more than any other move (B+17 against at most B+13 at komi 0): at komi 14.5 C4 is the
# only winning move.
#    A B C D E F G
#  7 . O . O O . O
#  6 O O O O O O O
#  5 X X O X X X .
#  4 X . . X X X X
#  3 X X O . . X .
#  2 . X X . . X X
#  1 X . . . . X .
boardsize 7
clear_board
komi 14.5
play b a5
play b b5
play b d5
play b e5
play b f5
play b a4
play b d4
play b e4
play b f4
play b g4
play b a3
play b b3
play b f3
play b b2
play b c2
play b f2
play b g2
play b a1
play b f1
play w b7
play w d7
play w e7
play w g7
play w a6
play w b6
play w c6
play w d6
play w e6
play w f6
play w g6
play w c5
play w c3
30 reg_genmove b
#? [C4]

# The same after black's C4: the ladder works, so white must not run (D3 only adds stones to the
# ladder) but take the last dame G5 (B+17 with G5, B+19 with anything else: komi 17.5).
#    A B C D E F G
#  7 . O . O O . O
#  6 O O O O O O O
#  5 X X O X X X .
#  4 X . . X X X X
#  3 X X O . . X .
#  2 . X X . . X X
#  1 X . . . . X .
boardsize 7
clear_board
komi 17.5
play w b7
play w d7
play w e7
play w g7
play w a6
play w b6
play w c6
play w d6
play w e6
play w f6
play w g6
play w c5
play w c3
play b a5
play b b5
play b d5
play b e5
play b f5
play b a4
play b d4
play b e4
play b f4
play b g4
play b a3
play b b3
play b f3
play b b2
play b c2
play b f2
play b g2
play b a1
play b f1
play b c4
40 reg_genmove w
#? [G5]

# 7x7, the ladder the other way is broken: white's B5 hangs down from the wall. C4 still starts the
# working ladder along the first line, and C5 or B4 take away the way out; the atari at D3 fails,
# because after W C4 the atari at C5 or B4 lets white connect to B5 or C6 (solver: C4, C5, B4 B+17,
# D3 B+13 at komi 0).
#    A B C D E F G
#  7 . O . O O . O
#  6 O O O O O O O
#  5 X O . X X X X
#  4 X . . X X X X
#  3 X X O . . X .
#  2 . X X . . X X
#  1 X . . . . X .
boardsize 7
clear_board
komi 14.5
play b a5
play b d5
play b e5
play b f5
play b g5
play b a4
play b d4
play b e4
play b f4
play b g4
play b a3
play b b3
play b f3
play b b2
play b c2
play b f2
play b g2
play b a1
play b f1
play w b7
play w d7
play w e7
play w g7
play w a6
play w b6
play w c6
play w d6
play w e6
play w f6
play w g6
play w b5
play w c3
50 reg_genmove b
#? [C4|C5|B4]

# The same after black's wrong atari at D3: white escapes with C4, since the ladder runs into the
# breaker B5 and the wall (solver at komi 0: C4 B+13, every other move B+15 or worse).
#    A B C D E F G
#  7 . O . O O . O
#  6 O O O O O O O
#  5 X O . X X X X
#  4 X . . X X X X
#  3 X X O . . X .
#  2 . X X . . X X
#  1 X . . . . X .
boardsize 7
clear_board
komi 13.5
play w b7
play w d7
play w e7
play w g7
play w a6
play w b6
play w c6
play w d6
play w e6
play w f6
play w g6
play w b5
play b a5
play b d5
play b e5
play b f5
play b g5
play b a4
play b d4
play b e4
play b f4
play b g4
play b a3
play b b3
play b f3
play b b2
play b c2
play b f2
play b g2
play b a1
play b f1
play w c3
play b pass
play b d3
60 reg_genmove w
#? [C4]
