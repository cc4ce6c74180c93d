# args: --playouts 3000 --seed 1
# 9x9: captures, escapes, a ladder, the vital points of eye spaces, seki, and the end of the game.
# Each position is settled apart from the fight it is about, and the komi makes that fight decide
# the game by a few points. Every value was computed with the exact solver at komi 0 (tengen
# solve --size 9 --from position.sgf, then --moves X for each legal move X): "B+15" is black's
# area margin with perfect play after the move. The expected answers are all the moves that win
# (in case 230, where white loses anyway, the one move that does not lose its group). Moves that
# fill one of the last two eyes of a group are only bounded by the solver within its budget
# (cases 130, 200-230); the comments give the plain reason they lose. Every case was checked at
# seeds 1..8 at this playout count; the cases that failed once and why are in docs/engine.md,
# "Regression suite on 9x9 and 13x13".

# Capture the cutting stones: white's A6-B6-C6 (in atari, liberty D6) separate black's lower-left
# group (one eye, B4, and in atari itself) from the top. Black D6 captures three stones and joins the
# two groups: B+15 at komi 0; any other move lets white connect at D6 or capture at B4 (W+11).
#    A B C D E F G H J
#  9 . X X X X X . X .
#  8 X X . X X X X X X
#  7 X X X X X X X . X
#  6 O O O . X X X X X
#  5 X X X O X O O O O
#  4 X . X O X O . O .
#  3 X X X O X O O O O
#  2 O O O O O O . O .
#  1 . O . O O O O O O
boardsize 9
clear_board
komi 7.5
play b b9
play b c9
play b f9
play b h9
play b a8
play b b8
play b d8
play b g8
play b h8
play b j8
play b c7
play b d7
play b g7
play b j7
play b e6
play b h6
play b b5
play b a4
play b c4
play b b3
play b d9
play b e9
play b e8
play b f8
play b a7
play b b7
play b e7
play b f7
play b f6
play b g6
play b j6
play b a5
play b c5
play b e5
play b a3
play b c3
play b e4
play b e3
play w c6
play w d5
play w g5
play w j5
play w f4
play w h4
play w g3
play w j3
play w a2
play w c2
play w f2
play w h2
play w b1
play w d1
play w g1
play w j1
play w b6
play w f5
play w h5
play w d4
play w f3
play w h3
play w b2
play w d2
play w e2
play w e1
play w f1
play w h1
play w a6
play w d3
10 reg_genmove b
#? [D6]

# Escape by connecting: white's A6-B6-C6 is in atari; D6 joins it to the string D5-D2 and black's
# lower-left group (eye space A4-B4, one eye) dies: W+11 at komi 0. Anything else and black captures
# at D6 (B+15).
#    A B C D E F G H J
#  9 . X X X X X . X .
#  8 X X . X X X X X X
#  7 X X X X X X X . X
#  6 O O O . X X X X X
#  5 X X X O X O O O O
#  4 . . X O X O . O .
#  3 X X X O X O O O O
#  2 O O O O O O . O .
#  1 . O . O O O O O O
boardsize 9
clear_board
komi 7.5
play w c6
play w d5
play w g5
play w j5
play w f4
play w h4
play w g3
play w j3
play w a2
play w c2
play w f2
play w h2
play w b1
play w d1
play w g1
play w j1
play w b6
play w f5
play w h5
play w d4
play w f3
play w h3
play w b2
play w d2
play w e2
play w e1
play w f1
play w h1
play w a6
play w d3
play b b9
play b c9
play b f9
play b h9
play b a8
play b b8
play b d8
play b g8
play b h8
play b j8
play b c7
play b d7
play b g7
play b j7
play b e6
play b h6
play b a5
play b b5
play b c4
play b a3
play b b3
play b d9
play b e9
play b e8
play b f8
play b a7
play b b7
play b e7
play b f7
play b f6
play b g6
play b j6
play b c5
play b e5
play b c3
play b e4
play b e3
20 reg_genmove w
#? [D6]

# Capture the string that matters: two white strings are in atari. G8-H8-G7-H7 (liberty G9) is
# dead anyway: white G9 would be suicide. A6-B6-C6 (liberty D6) cuts off black's lower-left group,
# which has one eye and is in atari itself. D6 wins (B+15 at komi 0); capturing the four stones at
# G9 first lets white connect at D6 (W+11).
#    A B C D E F G H J
#  9 . X X X X X . X .
#  8 X X . X X X O O X
#  7 X X X X X X O O X
#  6 O O O . X X X X X
#  5 X X X O X O O O O
#  4 X . X O X O . O .
#  3 X X X O X O O O O
#  2 O O O O O O . O .
#  1 . O . O O O O O O
boardsize 9
clear_board
komi 7.5
play b b9
play b c9
play b f9
play b h9
play b a8
play b b8
play b d8
play b j8
play b c7
play b d7
play b e6
play b b5
play b a4
play b c4
play b b3
play b d9
play b e9
play b e8
play b f8
play b a7
play b b7
play b e7
play b j7
play b f6
play b a5
play b c5
play b e5
play b a3
play b c3
play b f7
play b g6
play b j6
play b e4
play b h6
play b e3
play w g8
play w c6
play w d5
play w g5
play w j5
play w f4
play w h4
play w g3
play w j3
play w a2
play w c2
play w f2
play w h2
play w b1
play w d1
play w g1
play w j1
play w h8
play w g7
play w b6
play w f5
play w h5
play w d4
play w f3
play w h3
play w b2
play w d2
play w e2
play w e1
play w f1
play w h1
play w h7
play w a6
play w d3
30 reg_genmove b
#? [D6]

# Escape by capturing: black's B3-B2-C2 is in atari (liberty C1); extending at C1 leaves one
# liberty (W+5 at komi 0). Capturing the white stone C3 at D3 saves the three stones (B+15); A1,
# the atari on white's corner string A5-B1 (liberties A1, C1), is even better (B+19).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O X O O O O O O
#  4 O O X O O O O O O
#  3 O X O . O . O . O
#  2 O X X O O O O O O
#  1 . O . . O . O O .
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b c2
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b b2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b3
play b b6
play b d6
play b f6
play b h6
play b c5
play b c4
play w d4
play w f4
play w h4
play w c3
play w e3
play w g3
play w j3
play w a2
play w d2
play w f2
play w h2
play w j2
play w b1
play w e1
play w g1
play w h1
play w d5
play w f5
play w h5
play w e4
play w g4
play w j4
play w a3
play w e2
play w g2
play w e5
play w g5
play w j5
play w a4
play w a5
play w b4
play w b5
40 reg_genmove b
#? [D3|A1]

# The same with white to move: white captures B3-B2-C2 at C1 (W+5 at komi 0); after any other
# move black captures C3 at D3 or plays A1 (B+15 or more).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O X O O O O O O
#  4 O O X O O O O O O
#  3 O X O . O . O . O
#  2 O X X O O O O O O
#  1 . O . . O . O O .
boardsize 9
clear_board
komi 7.5
play w d4
play w f4
play w h4
play w c3
play w e3
play w g3
play w j3
play w a2
play w d2
play w f2
play w h2
play w j2
play w b1
play w e1
play w g1
play w h1
play w d5
play w f5
play w h5
play w e4
play w g4
play w j4
play w a3
play w e2
play w g2
play w e5
play w g5
play w j5
play w a4
play w a5
play w b4
play w b5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b c2
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b b2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b3
play b b6
play b d6
play b f6
play b h6
play b c5
play b c4
50 reg_genmove w
#? [C1]

# Straight three: black's group on the bottom edge has the eye space D2-E2-F2; E2 makes two eyes
# (B+23 at komi 0), every other move lets white kill it at E2 (W+9).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O . O O O O O . O
#  3 O O X X X X X O O
#  2 O . X . . . X . O
#  1 O O X X X X X O O
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b d3
play b e3
play b f3
play b c2
play b g2
play b d1
play b e1
play b f1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b g3
play b c1
play b g1
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w b5
play w h5
play w a4
play w c4
play w g4
play w j4
play w b3
play w h3
play w a2
play w j2
play w b1
play w h1
play w a5
play w c5
play w g5
play w j5
play w d4
play w f4
play w a3
play w j3
play w a1
play w j1
play w d5
play w f5
play w e4
play w e5
60 reg_genmove b
#? [E2]

# The same with white to move: white kills at the vital point E2 (W+9 at komi 0; anything else
# B+21 or more).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O . O O O O O . O
#  3 O O X X X X X O O
#  2 O . X . . . X . O
#  1 O O X X X X X O O
boardsize 9
clear_board
komi 7.5
play w b5
play w h5
play w a4
play w c4
play w g4
play w j4
play w b3
play w h3
play w a2
play w j2
play w b1
play w h1
play w a5
play w c5
play w g5
play w j5
play w d4
play w f4
play w a3
play w j3
play w a1
play w j1
play w d5
play w f5
play w e4
play w e5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b d3
play b e3
play b f3
play b c2
play b g2
play b d1
play b e1
play b f1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b g3
play b c1
play b g1
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
70 reg_genmove w
#? [E2]

# Bent three in the corner: black's eye space A2-A1-B1; A1 splits it into two eyes (B+7 at komi 0),
# every other move W+9.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O . O O . O O . O
#  3 X X O O O . O O O
#  2 . X X O O O O . O
#  1 . . X O . O O O O
boardsize 9
clear_board
komi 6.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b b2
play b c1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w b5
play w e5
play w h5
play w a4
play w c4
play w d4
play w f4
play w g4
play w j4
play w e3
play w g3
play w h3
play w e2
play w f2
play w g2
play w j2
play w d1
play w f1
play w h1
play w a5
play w c5
play w d5
play w f5
play w g5
play w j5
play w c3
play w d3
play w j3
play w d2
play w g1
play w j1
80 reg_genmove b
#? [A1]

# The same with white to move: the nakade at A1 kills (W+9 at komi 0; anything else B+7 or B+8).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O . O O . O O . O
#  3 X X O O O . O O O
#  2 . X X O O O O . O
#  1 . . X O . O O O O
boardsize 9
clear_board
komi 6.5
play w b5
play w e5
play w h5
play w a4
play w c4
play w d4
play w f4
play w g4
play w j4
play w e3
play w g3
play w h3
play w e2
play w f2
play w g2
play w j2
play w d1
play w f1
play w h1
play w a5
play w c5
play w d5
play w f5
play w g5
play w j5
play w c3
play w d3
play w j3
play w d2
play w g1
play w j1
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b b2
play b c1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
90 reg_genmove w
#? [A1]

# Bulky five: black's eye space D2-E2-D1-E1-F1. E1, the vital point, makes three eyes; E2 and D1
# also live (they leave a bent or zigzag four with two ways to make two eyes): B+19 at komi 0;
# anything else W+9.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O . O .
#  3 O O X X X X O O O
#  2 O . X . . X X O .
#  1 O O X . . . X O O
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b d3
play b e3
play b c2
play b f2
play b c1
play b g1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b f3
play b g2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w g5
play w j5
play w f4
play w h4
play w b3
play w g3
play w j3
play w a2
play w h2
play w b1
play w j1
play w f5
play w h5
play w b4
play w e4
play w a3
play w h3
play w a1
play w h1
play w b5
play w e5
play w a4
play w c4
play w d4
play w a5
play w c5
play w d5
100 reg_genmove b
#? [E2|D1|E1]

# The same with white to move: only the nakade at the vital point E1 kills (W+9 at komi 0; every
# other move B+19 or more).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O . O .
#  3 O O X X X X O O O
#  2 O . X . . X X O .
#  1 O O X . . . X O O
boardsize 9
clear_board
komi 7.5
play w g5
play w j5
play w f4
play w h4
play w b3
play w g3
play w j3
play w a2
play w h2
play w b1
play w j1
play w f5
play w h5
play w b4
play w e4
play w a3
play w h3
play w a1
play w h1
play w b5
play w e5
play w a4
play w c4
play w d4
play w a5
play w c5
play w d5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b d3
play b e3
play b c2
play b f2
play b c1
play b g1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b f3
play b g2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
110 reg_genmove w
#? [E1]

# Pyramid four: black's eye space D1-E1-F1-E2; E1, its centre, makes three eyes (B+21 at komi 0);
# anything else W+9.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O . O O O O O . O
#  3 O O O X X X X O O
#  2 O O X X . X X X O
#  1 O . X . . . X O O
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e3
play b d2
play b f2
play b c1
play b g1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b f3
play b c2
play b g2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b g3
play b h2
play b b6
play b d6
play b f6
play b h6
play w b5
play w h5
play w a4
play w c4
play w g4
play w j4
play w b3
play w h3
play w b2
play w a1
play w a5
play w c5
play w g5
play w j5
play w d4
play w f4
play w a3
play w c3
play w j3
play w a2
play w d5
play w f5
play w e4
play w j2
play w e5
play w j1
play w h1
120 reg_genmove b
#? [E1]

# The same with white to move: the nakade at E1 kills (W+9 at komi 0; B+21 or more after every
# other move but B4 and H4, which fill white's own eyes and which the solver only bounds: black
# then lives at E1 as in case 120).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O . O O O O O . O
#  3 O O O X X X X O O
#  2 O O X X . X X X O
#  1 O . X . . . X O O
boardsize 9
clear_board
komi 7.5
play w b5
play w h5
play w a4
play w c4
play w g4
play w j4
play w b3
play w h3
play w b2
play w a1
play w a5
play w c5
play w g5
play w j5
play w d4
play w f4
play w a3
play w c3
play w j3
play w a2
play w d5
play w f5
play w e4
play w j2
play w e5
play w j1
play w h1
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e3
play b d2
play b f2
play b c1
play b g1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b f3
play b c2
play b g2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b g3
play b h2
play b b6
play b d6
play b f6
play b h6
130 reg_genmove w
#? [E1]

# Crossed five: black's eye space E3-D2-E2-F2-E1; the centre E2 makes four eyes (B+27 at komi 0),
# anything else W+9.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O X X X O O .
#  3 O O X X . X X O O
#  2 O . X . . . X O .
#  1 O O X X . X X O O
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e4
play b d3
play b f3
play b c2
play b g2
play b d1
play b f1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d4
play b f4
play b c3
play b g3
play b c1
play b g1
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w j5
play w h4
play w b3
play w j3
play w a2
play w h2
play w b1
play w j1
play w h5
play w b4
play w g4
play w a3
play w h3
play w a1
play w h1
play w b5
play w g5
play w a4
play w c4
play w a5
play w c5
play w f5
play w d5
play w e5
140 reg_genmove b
#? [E2]

# The same with white to move: the nakade at the centre E2 kills (W+9 at komi 0; anything else
# B+27 or more).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O X X X O O .
#  3 O O X X . X X O O
#  2 O . X . . . X O .
#  1 O O X X . X X O O
boardsize 9
clear_board
komi 7.5
play w j5
play w h4
play w b3
play w j3
play w a2
play w h2
play w b1
play w j1
play w h5
play w b4
play w g4
play w a3
play w h3
play w a1
play w h1
play w b5
play w g5
play w a4
play w c4
play w a5
play w c5
play w f5
play w d5
play w e5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e4
play b d3
play b f3
play b c2
play b g2
play b d1
play b f1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d4
play b f4
play b c3
play b g3
play b c1
play b g1
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
150 reg_genmove w
#? [E2]

# A larger eye space: black's corner group (A3-D3, D2, with the hane E1) encloses A2-B2-C2 and
# A1-B1-C1-D1. Only B1 lives (B+13 at komi 0; the solver's line W D1 B C1 W E1 B B2); every other
# move lets white kill (W+9).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O O . O
#  3 X X X X O O . O O
#  2 . . . X O O O O .
#  1 . . . . X O . O O
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b c3
play b d2
play b e1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w e3
play w f2
play w f5
play w e4
play w e2
play w e5
play w d4
play w d5
play w c4
play w c5
play w b4
play w b5
play w a4
play w a5
152 reg_genmove b
#? [B1]

# The same with white to move: B2, B1, C1 or D1 kill (W+9 at komi 0); elsewhere B+11 or more.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O O . O
#  3 X X X X O O . O O
#  2 . . . X O O O O .
#  1 . . . . X O . O O
boardsize 9
clear_board
komi 7.5
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w e3
play w f2
play w f5
play w e4
play w e2
play w e5
play w d4
play w d5
play w c4
play w c5
play w b4
play w b5
play w a4
play w a5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b c3
play b d2
play b e1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
154 reg_genmove w
#? [B2|B1|C1|D1]

# Six points: black's B3-C3-D3-D2 with the single stones A2 and E1 encloses B2-C2 and A1-B1-C1-D1.
# Only B1 lives (B+11 at komi 0; the line W D1 B C1 W E1 B C2), every other move W+9. A known
# failure until the playouts knew the vital points of eye spaces up to six points and the
# sacrifices that kill from the inside (now 8 of 8 seeds): at 3,000 playouts tengen played B2 at
# 2 of 8 seeds (3 and 4 at commit 0e53b69; 1, 4 and 7 before it) with a win rate near 0.01. At commit cf71e0c and seed 1, B1 was not among the
# visited root moves at all (B2 542 visits, pass 166, A1 142, D1 126, C1 24), as with the snapback
# of capture.tst case 50 before its prior. At 10,000 playouts 7 of 8 seeds play B1.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O O . O
#  3 O X X X O O . O O
#  2 X . . X O O O O .
#  1 . . . . X O . O O
boardsize 9
clear_board
komi 7.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b b3
play b c3
play b a2
play b d2
play b e1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w e3
play w f2
play w f5
play w e4
play w e2
play w e5
play w d4
play w d5
play w c4
play w c5
play w b4
play w b5
play w a4
play w a5
play w a3
155 reg_genmove b
#? [B1]

# The same with white to move: B2, B1, C1 or D1 kill (W+9 at komi 0); elsewhere B+11 or more.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O O . O
#  3 O X X X O O . O O
#  2 X . . X O O O O .
#  1 . . . . X O . O O
boardsize 9
clear_board
komi 7.5
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w e3
play w f2
play w f5
play w e4
play w e2
play w e5
play w d4
play w d5
play w c4
play w c5
play w b4
play w b5
play w a4
play w a5
play w a3
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b b3
play b c3
play b a2
play b d2
play b e1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
156 reg_genmove w
#? [B2|B1|C1|D1]

# Eight points: black's wall A3-E3, E2, E1 encloses the rectangle A2-D2, A1-D1, and white cannot
# kill it. But C2 or B1 makes a seki (the solver's line W C2 B B2 W B1 B D1 W C1 B A2, then both
# pass: B+13 at komi 0); after any other move black keeps the whole corner (B+21). tengen plays
# C2 at seeds 1..8, though with a win rate of only 0.38 to 0.48.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O O . O
#  3 X X X X X O . O O
#  2 . . . . X O O O .
#  1 . . . . X O . O O
boardsize 9
clear_board
komi 17.5
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w f2
play w f5
play w e4
play w e5
play w d4
play w d5
play w c4
play w c5
play w b4
play w b5
play w a4
play w a5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b c3
play b d3
play b e2
play b e1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b e3
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
157 reg_genmove w
#? [C2|B1]

# The same with black to move: any move inside the corner but D2 keeps it whole (B+21 at komi 0);
# a pass, a spare eye (B+13: white makes the seki) or D2 (B+11) loses. (A known failure until
# commit 8593dd4: the search preferred B2, but the pass rule for a settled position counted the
# corner as black's and passed.)
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O O . O
#  3 X X X X X O . O O
#  2 . . . . X O O O .
#  1 . . . . X O . O O
boardsize 9
clear_board
komi 17.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b c3
play b d3
play b e2
play b e1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b e3
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w f2
play w f5
play w e4
play w e5
play w d4
play w d5
play w c4
play w c5
play w b4
play w b5
play w a4
play w a5
158 reg_genmove b
#? [A2|B2|C2|A1|B1|C1|D1]

# Do not pass while a group still needs a move to live: white passed; black's eye space
# D2-E2-D1-E1-F1 holds a white stone at D2. E1, E2 or D1 live (B+19 at komi 0, black wins by 2.5).
# After a pass the group has no two eyes yet: with white to move E1 kills it (W+9), and counted as
# it stands (Tromp-Taylor) the points around D2 are no one's (B+14). A player passes here only if
# the two passes are judged as if black had moved first. (A known failure until commit 8593dd4:
# tengen's own judgement after two passes called black's group alive and D2 dead, and it passed.)
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O O O O . O .
#  3 O O X X X X O O O
#  2 O . X O . X X O .
#  1 O O X . . . X O O
boardsize 9
clear_board
komi 16.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e3
play b c2
play b f2
play b c1
play b g1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b d3
play b f3
play b g2
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play w g5
play w j5
play w f4
play w h4
play w b3
play w g3
play w j3
play w a2
play w d2
play w h2
play w b1
play w j1
play w f5
play w h5
play w b4
play w e4
play w a3
play w h3
play w a1
play w h1
play w b5
play w e5
play w a4
play w c4
play w d4
play w a5
play w c5
play w d5
play w pass
160 reg_genmove b
#? [E2|D1|E1]

# Do not pass when a live-looking group can still be killed: the crossed five of case 150 after
# black passed. Black would win the count as it stands; white must kill at E2.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 O O O O O O O O O
#  4 O O O X X X O O .
#  3 O O X X . X X O O
#  2 O . X . . . X O .
#  1 O O X X . X X O O
boardsize 9
clear_board
komi 7.5
play w j5
play w h4
play w b3
play w j3
play w a2
play w h2
play w b1
play w j1
play w h5
play w b4
play w g4
play w a3
play w h3
play w a1
play w h1
play w b5
play w g5
play w a4
play w c4
play w a5
play w c5
play w f5
play w d5
play w e5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e4
play b d3
play b f3
play b c2
play b g2
play b d1
play b f1
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d4
play b f4
play b c3
play b g3
play b c1
play b g1
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b e6
play b g6
play b j6
play b b6
play b d6
play b f6
play b h6
play b pass
170 reg_genmove w
#? [E2]

# A capturing race: white's B6-C6 (liberties A6, D6) against black's B5-C5 (A5, D5); neither has
# an eye; A6 and D6 lie next to black's living group, A5 and D5 next to white's. Black fills one of
# white's liberties and captures first (W+5 at komi 0: the race is won but the rest of the board is
# white's); A5 or D5 gives W+9, anything else W+13.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 . O O . X X X X X
#  5 . X X . O O O O O
#  4 O O O O O . O . O
#  3 O . O O O O O O O
#  2 O O O . O O . O O
#  1 . O O O O O O O .
boardsize 9
clear_board
komi -5.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a7
play b d7
play b e6
play b b5
play b c5
play b b8
play b d8
play b f8
play b h8
play b b7
play b c7
play b e7
play b g7
play b j7
play b f6
play b f7
play b h7
play b g6
play b j6
play b h6
play w b6
play w c6
play w e5
play w f5
play w h5
play w a4
play w b4
play w d4
play w e4
play w g4
play w j4
play w a3
play w c3
play w d3
play w f3
play w g3
play w h3
play w a2
play w b2
play w c2
play w e2
play w f2
play w h2
play w j2
play w b1
play w d1
play w g1
play w h1
play w g5
play w j5
play w c4
play w e3
play w j3
play w c1
play w e1
play w f1
172 reg_genmove b
#? [A6|D6]

# The same race with white to move: white takes one of black's liberties A5 or D5 and wins it
# (W+13 at komi 0); A6 or D6 gives W+9, anything else W+5.
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 . O O . X X X X X
#  5 . X X . O O O O O
#  4 O O O O O . O . O
#  3 O . O O O O O O O
#  2 O O O . O O . O O
#  1 . O O O O O O O .
boardsize 9
clear_board
komi -10.5
play w b6
play w c6
play w e5
play w f5
play w h5
play w a4
play w b4
play w d4
play w e4
play w g4
play w j4
play w a3
play w c3
play w d3
play w f3
play w g3
play w h3
play w a2
play w b2
play w c2
play w e2
play w f2
play w h2
play w j2
play w b1
play w d1
play w g1
play w h1
play w g5
play w j5
play w c4
play w e3
play w j3
play w c1
play w e1
play w f1
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a7
play b d7
play b e6
play b b5
play b c5
play b b8
play b d8
play b f8
play b h8
play b b7
play b c7
play b e7
play b g7
play b j7
play b f6
play b f7
play b h7
play b g6
play b j6
play b h6
174 reg_genmove w
#? [A5|D5]

# The last dame, E5, with everything else settled: black wins by 0.5 by taking it (B+9 at komi 0),
# passes or fills a spare eye and white takes it (B+7).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 X X X X . X X X X
#  4 O O O O O O O O O
#  3 O O O O O O O O O
#  2 O . O O . O O . O
#  1 O O O O O O O O O
boardsize 9
clear_board
komi 8.5
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e6
play b d5
play b f5
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d6
play b f6
play b c5
play b g5
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b g6
play b j6
play b b5
play b h5
play b b6
play b h6
play b a5
play b j5
play w e4
play w b3
play w e3
play w h3
play w a2
play w c2
play w d2
play w f2
play w g2
play w j2
play w b1
play w e1
play w h1
play w b4
play w d4
play w f4
play w h4
play w a3
play w c3
play w d3
play w f3
play w g3
play w j3
play w a1
play w c1
play w d1
play w f1
play w g1
play w j1
play w a4
play w c4
play w g4
play w j4
176 reg_genmove b
#? [E5]

# The same with white to move: E5 wins by 0.5 (B+7 at komi 0), a pass lets black take it (B+9).
#    A B C D E F G H J
#  9 . X . X . X . X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 X X X X . X X X X
#  4 O O O O O O O O O
#  3 O O O O O O O O O
#  2 O . O O . O O . O
#  1 O O O O O O O O O
boardsize 9
clear_board
komi 7.5
play w e4
play w b3
play w e3
play w h3
play w a2
play w c2
play w d2
play w f2
play w g2
play w j2
play w b1
play w e1
play w h1
play w b4
play w d4
play w f4
play w h4
play w a3
play w c3
play w d3
play w f3
play w g3
play w j3
play w a1
play w c1
play w d1
play w f1
play w g1
play w j1
play w a4
play w c4
play w g4
play w j4
play b b9
play b d9
play b f9
play b h9
play b a8
play b c8
play b e8
play b g8
play b j8
play b e6
play b d5
play b f5
play b b8
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d6
play b f6
play b c5
play b g5
play b b7
play b d7
play b f7
play b h7
play b a6
play b c6
play b g6
play b j6
play b b5
play b h5
play b b6
play b h6
play b a5
play b j5
178 reg_genmove w
#? [E5]

# Seki in the corner: black's A8-A7-B7-C7 and white's B9-C9-C8 share their only two liberties A9
# and B8, neither has an eye. With the seki black wins by 0.5 (B+3 at komi 0; a pass or filling a
# spare eye of the big group keeps it); whoever plays A9 or B8 loses the string (W+7).
#    A B C D E F G H J
#  9 . O O X . X . X .
#  8 X . O X X X X X X
#  7 X X X O X X X X X
#  6 O O O O X X X X X
#  5 O . O O X X X X X
#  4 O O O O X X X X X
#  3 O O O O X X X X X
#  2 O . O O O O O O O
#  1 . O O . O O . O O
boardsize 9
clear_board
komi 2.5
play b d9
play b f9
play b h9
play b a8
play b e8
play b g8
play b j8
play b b7
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b f7
play b h7
play b e6
play b g6
play b j6
play b f6
play b h6
play b e5
play b g5
play b j5
play b f5
play b h5
play b e4
play b g4
play b j4
play b f4
play b h4
play b e3
play b g3
play b j3
play b f3
play b h3
play w b9
play w c8
play w b6
play w a5
play w c5
play w b4
play w b3
play w a2
play w c2
play w d2
play w g2
play w b1
play w c1
play w e1
play w f1
play w h1
play w c9
play w a6
play w c6
play w d5
play w a4
play w c4
play w a3
play w c3
play w d3
play w e2
play w f2
play w h2
play w j1
play w d6
play w d4
play w j2
play w d7
180 reg_genmove b
#? [!A9|B8]

# The same with white to move, komi 3.5: the seki wins for white by 0.5, A9 or B8 gives black the
# three white stones (B+11 at komi 0).
#    A B C D E F G H J
#  9 . O O X . X . X .
#  8 X . O X X X X X X
#  7 X X X O X X X X X
#  6 O O O O X X X X X
#  5 O . O O X X X X X
#  4 O O O O X X X X X
#  3 O O O O X X X X X
#  2 O . O O O O O O O
#  1 . O O . O O . O O
boardsize 9
clear_board
komi 3.5
play w b9
play w c8
play w b6
play w a5
play w c5
play w b4
play w b3
play w a2
play w c2
play w d2
play w g2
play w b1
play w c1
play w e1
play w f1
play w h1
play w c9
play w a6
play w c6
play w d5
play w a4
play w c4
play w a3
play w c3
play w d3
play w e2
play w f2
play w h2
play w j1
play w d6
play w d4
play w j2
play w d7
play b d9
play b f9
play b h9
play b a8
play b e8
play b g8
play b j8
play b b7
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b f7
play b h7
play b e6
play b g6
play b j6
play b f6
play b h6
play b e5
play b g5
play b j5
play b f5
play b h5
play b e4
play b g4
play b j4
play b f4
play b h4
play b e3
play b g3
play b j3
play b f3
play b h3
190 reg_genmove w
#? [!A9|B8]

# The end of the game: every empty point is an eye of a group with exactly two eyes or a liberty
# of the seki A9-B8, and black wins by 0.5 (B+3 at komi 0). Any move loses: A9 or B8 breaks the
# seki (W+7), E9 or J9 leaves black's big group one eye, white's eyes A1 and J1 are suicide. Pass.
#    A B C D E F G H J
#  9 . O O X . X X X .
#  8 X . O X X X X X X
#  7 X X X O X X X X X
#  6 O O O O X X X X X
#  5 O O O O X X X X X
#  4 O O O O X X X X X
#  3 O O O O X X X X X
#  2 O O O O O O O O O
#  1 . O O O O O O O .
boardsize 9
clear_board
komi 2.5
play b d9
play b f9
play b h9
play b a8
play b e8
play b j8
play b b7
play b g9
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b j7
play b g8
play b f7
play b h7
play b e6
play b j6
play b g7
play b f6
play b h6
play b e5
play b j5
play b g6
play b f5
play b h5
play b e4
play b j4
play b g5
play b f4
play b h4
play b e3
play b j3
play b g4
play b f3
play b h3
play b g3
play w b9
play w c8
play w a2
play w j2
play w b1
play w h1
play w c9
play w a3
play w b2
play w h2
play w c1
play w g1
play w a4
play w b3
play w c2
play w g2
play w d1
play w f1
play w a5
play w b4
play w c3
play w d2
play w f2
play w e1
play w a6
play w b5
play w c4
play w d3
play w e2
play w b6
play w c5
play w d4
play w c6
play w d5
play w d6
play w d7
200 reg_genmove b
#? [PASS]

# The same with white to move, komi 3.5: white wins by 0.5 with the seki; A9 or B8 breaks it, A1 or
# J1 fills one of the two eyes of white's group. Pass.
#    A B C D E F G H J
#  9 . O O X . X X X .
#  8 X . O X X X X X X
#  7 X X X O X X X X X
#  6 O O O O X X X X X
#  5 O O O O X X X X X
#  4 O O O O X X X X X
#  3 O O O O X X X X X
#  2 O O O O O O O O O
#  1 . O O O O O O O .
boardsize 9
clear_board
komi 3.5
play w b9
play w c8
play w a2
play w j2
play w b1
play w h1
play w c9
play w a3
play w b2
play w h2
play w c1
play w g1
play w a4
play w b3
play w c2
play w g2
play w d1
play w f1
play w a5
play w b4
play w c3
play w d2
play w f2
play w e1
play w a6
play w b5
play w c4
play w d3
play w e2
play w b6
play w c5
play w d4
play w c6
play w d5
play w d6
play w d7
play b d9
play b f9
play b h9
play b a8
play b e8
play b j8
play b b7
play b g9
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b j7
play b g8
play b f7
play b h7
play b e6
play b j6
play b g7
play b f6
play b h6
play b e5
play b j5
play b g6
play b f5
play b h5
play b e4
play b j4
play b g5
play b f4
play b h4
play b e3
play b j3
play b g4
play b f3
play b h3
play b g3
210 reg_genmove w
#? [PASS]

# Do not fill own eyes: the board is full but for two eyes of each group (A9 and J9 for black's
# 45 stones, A1 and J1 for white's 36): black wins by 1.5. A9 or J9 would leave one eye and white
# would capture the whole group. Pass.
#    A B C D E F G H J
#  9 . X X X X X X X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 X X X X X X X X X
#  4 O O O O O O O O O
#  3 O O O O O O O O O
#  2 O O O O O O O O O
#  1 . O O O O O O O .
boardsize 9
clear_board
komi 7.5
play b b9
play b h9
play b a8
play b j8
play b c9
play b g9
play b b8
play b h8
play b a7
play b j7
play b d9
play b f9
play b c8
play b g8
play b b7
play b h7
play b a6
play b j6
play b e9
play b d8
play b f8
play b c7
play b g7
play b b6
play b h6
play b a5
play b j5
play b e8
play b d7
play b f7
play b c6
play b g6
play b b5
play b h5
play b e7
play b d6
play b f6
play b c5
play b g5
play b e6
play b d5
play b f5
play b e5
play w a2
play w j2
play w b1
play w h1
play w a3
play w j3
play w b2
play w h2
play w c1
play w g1
play w a4
play w j4
play w b3
play w h3
play w c2
play w g2
play w d1
play w f1
play w b4
play w h4
play w c3
play w g3
play w d2
play w f2
play w e1
play w c4
play w g4
play w d3
play w f3
play w e2
play w d4
play w f4
play w e3
play w e4
play w pass
220 reg_genmove b
#? [PASS]

# The same with white to move after black's pass: white loses by 1.5, but filling A1 or J1 would
# lose the whole group. Pass.
#    A B C D E F G H J
#  9 . X X X X X X X .
#  8 X X X X X X X X X
#  7 X X X X X X X X X
#  6 X X X X X X X X X
#  5 X X X X X X X X X
#  4 O O O O O O O O O
#  3 O O O O O O O O O
#  2 O O O O O O O O O
#  1 . O O O O O O O .
boardsize 9
clear_board
komi 7.5
play w a2
play w j2
play w b1
play w h1
play w a3
play w j3
play w b2
play w h2
play w c1
play w g1
play w a4
play w j4
play w b3
play w h3
play w c2
play w g2
play w d1
play w f1
play w b4
play w h4
play w c3
play w g3
play w d2
play w f2
play w e1
play w c4
play w g4
play w d3
play w f3
play w e2
play w d4
play w f4
play w e3
play w e4
play b b9
play b h9
play b a8
play b j8
play b c9
play b g9
play b b8
play b h8
play b a7
play b j7
play b d9
play b f9
play b c8
play b g8
play b b7
play b h7
play b a6
play b j6
play b e9
play b d8
play b f8
play b c7
play b g7
play b b6
play b h6
play b a5
play b j5
play b e8
play b d7
play b f7
play b c6
play b g6
play b b5
play b h5
play b e7
play b d6
play b f6
play b c5
play b g5
play b e6
play b d5
play b f5
play b e5
play b pass
230 reg_genmove w
#? [PASS]

# A working ladder in a corridor: the white cutting stone C5 (liberties C6, D5) separates black's
# left group from the right one. Black C6 ataris it; if white runs, the ladder goes down the
# corridor D5-E1 (W D5 B E5 W D4 B E4 ...) and black captures at the edge. D5 instead lets C5
# connect out. By the exact solver C6 gives B+41 at komi 0 and every other move at most B+37.
#    A B C D E F G H J
#  9 . O . O O . O O .
#  8 O O O O O O O O O
#  7 X X O X X X . X X
#  6 X . . X X X X X X
#  5 X X O . . X . X .
#  4 . X X . . X X X X
#  3 X X X . . X . X .
#  2 X . X . . X X X X
#  1 . X X . . X . X .
boardsize 9
clear_board
komi 39.5
play b b7
play b f7
play b h7
play b a6
play b d6
play b e6
play b g6
play b j6
play b a5
play b b5
play b f5
play b h5
play b b4
play b c4
play b f4
play b g4
play b j4
play b a3
play b b3
play b c3
play b f3
play b h3
play b a2
play b c2
play b f2
play b g2
play b j2
play b b1
play b c1
play b f1
play b h1
play b a7
play b d7
play b e7
play b j7
play b f6
play b h6
play b h4
play b h2
play w b9
play w d9
play w e9
play w g9
play w h9
play w a8
play w c8
play w f8
play w g8
play w j8
play w c7
play w c5
play w b8
play w d8
play w e8
play w h8
240 reg_genmove b
#? [C6]

# The same after black's C6: the ladder works, so white must not run (D5 only adds stones that
# black captures at the edge) but take the last dame G7 (B+41 at komi 0; D5, pass or anything
# else B+43).
#    A B C D E F G H J
#  9 . O . O O . O O .
#  8 O O O O O O O O O
#  7 X X O X X X . X X
#  6 X . X X X X X X X
#  5 X X O . . X . X .
#  4 . X X . . X X X X
#  3 X X X . . X . X .
#  2 X . X . . X X X X
#  1 . X X . . X . X .
boardsize 9
clear_board
komi 42.5
play w b9
play w d9
play w e9
play w g9
play w h9
play w a8
play w c8
play w f8
play w g8
play w j8
play w c5
play w b8
play w d8
play w e8
play w h8
play w c7
play b b7
play b f7
play b h7
play b a6
play b c6
play b d6
play b e6
play b g6
play b j6
play b a5
play b b5
play b f5
play b h5
play b b4
play b c4
play b f4
play b g4
play b j4
play b a3
play b b3
play b c3
play b f3
play b h3
play b a2
play b c2
play b f2
play b g2
play b j2
play b b1
play b c1
play b f1
play b h1
play b a7
play b d7
play b e7
play b j7
play b f6
play b h6
play b h4
play b h2
245 reg_genmove w
#? [G7]

# Take the last dame next to a seki: the seki of case 180 with the dame E2 open. E2 wins by 0.5
# (B+5 at komi 0); a pass or a spare eye gives white the dame (B+3), A9 or B8 breaks the seki
# (W+5). (A known failure until commit 54d316f: the playouts broke the seki, so the ownership
# gave black's seki stones to white and the pass rule counted a win.)
#    A B C D E F G H J
#  9 . O O X . X . X .
#  8 X . O X X X X X X
#  7 X X X O X X X X X
#  6 O O O O X X X X X
#  5 O . O O X X X X X
#  4 O O O O X X X X X
#  3 O O O O X X X X X
#  2 O . O O . O O O O
#  1 . O O . O O . O O
boardsize 9
clear_board
komi 4.5
play b d9
play b f9
play b h9
play b a8
play b e8
play b g8
play b j8
play b b7
play b e3
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b e4
play b f3
play b f7
play b h7
play b e6
play b g6
play b j6
play b e5
play b f4
play b g3
play b f6
play b h6
play b f5
play b g5
play b j5
play b g4
play b h3
play b h5
play b h4
play b j4
play b j3
play w b9
play w c8
play w b6
play w a5
play w c5
play w b4
play w b3
play w a2
play w c2
play w d2
play w f2
play w g2
play w b1
play w c1
play w e1
play w f1
play w h1
play w c9
play w a6
play w c6
play w d5
play w a4
play w c4
play w a3
play w c3
play w d3
play w h2
play w j1
play w d6
play w d4
play w j2
play w d7
250 reg_genmove b
#? [E2]

# The same with white to move, komi 3.5: white wins by 0.5 only by taking E2 (B+3 at komi 0);
# after a pass black takes it (B+5). (A known failure until commit 54d316f, as case 250.)
#    A B C D E F G H J
#  9 . O O X . X . X .
#  8 X . O X X X X X X
#  7 X X X O X X X X X
#  6 O O O O X X X X X
#  5 O . O O X X X X X
#  4 O O O O X X X X X
#  3 O O O O X X X X X
#  2 O . O O . O O O O
#  1 . O O . O O . O O
boardsize 9
clear_board
komi 3.5
play w b9
play w c8
play w b6
play w a5
play w c5
play w b4
play w b3
play w a2
play w c2
play w d2
play w f2
play w g2
play w b1
play w c1
play w e1
play w f1
play w h1
play w c9
play w a6
play w c6
play w d5
play w a4
play w c4
play w a3
play w c3
play w d3
play w h2
play w j1
play w d6
play w d4
play w j2
play w d7
play b d9
play b f9
play b h9
play b a8
play b e8
play b g8
play b j8
play b b7
play b e3
play b d8
play b f8
play b h8
play b a7
play b c7
play b e7
play b g7
play b j7
play b e4
play b f3
play b f7
play b h7
play b e6
play b g6
play b j6
play b e5
play b f4
play b g3
play b f6
play b h6
play b f5
play b g5
play b j5
play b g4
play b h3
play b h5
play b h4
play b j4
play b j3
260 reg_genmove w
#? [E2]
