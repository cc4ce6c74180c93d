# args: --playouts 2000 --seed 1
# Seki: do not fill the shared liberties, take the dame instead, make the seki when it is the only
# way to live. Every position is settled apart from the seki (and one dame), so the komi decides
# the game by half a point; the values were checked with the exact solver (tengen solve --from).

# 7x7, a seki without eyes: black's A6-A5-B5-C5 and white's B7-C7-C6 share their only two
# liberties A7 and B6; every other group is alive and every other empty point an eye. Whoever
# plays A7 or B6 puts its own string in atari and loses it. With the seki the count is black 27
# (A7 and B6 are dame), white 20 + 6.5: black wins by 0.5; after A7 or B6 it loses (exact solver).
#    A B C D E F G
#  7 . O O X . X .
#  6 X . O X X X X
#  5 X X X O X . X
#  4 O O O O X X X
#  3 O . O O X . X
#  2 O O O O X X X
#  1 . O . O X . X
boardsize 7
clear_board
komi 6.5
play b d7
play b f7
play b a6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b e5
play b g5
play b e4
play b f4
play b g4
play b e3
play b g3
play b e2
play b f2
play b g2
play b e1
play b g1
play w b7
play w c7
play w c6
play w d5
play w a4
play w b4
play w c4
play w d4
play w a3
play w c3
play w d3
play w a2
play w b2
play w c2
play w d2
play w b1
play w d1
10 reg_genmove b
#? [!A7|B6]

# The same seki with white to move, komi 7.5 (the seki wins for white by 0.5): white must not
# play A7 or B6 either.
#    A B C D E F G
#  7 . O O X . X .
#  6 X . O X X X X
#  5 X X X O X . X
#  4 O O O O X X X
#  3 O . O O X . X
#  2 O O O O X X X
#  1 . O . O X . X
boardsize 7
clear_board
komi 7.5
play w b7
play w c7
play w c6
play w d5
play w a4
play w b4
play w c4
play w d4
play w a3
play w c3
play w d3
play w a2
play w b2
play w c2
play w d2
play w b1
play w d1
play b d7
play b f7
play b a6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b e5
play b g5
play b e4
play b f4
play b g4
play b e3
play b g3
play b e2
play b f2
play b g2
play b e1
play b g1
20 reg_genmove w
#? [!A7|B6]

# 7x7, a seki with one eye each: black's B7-A6-B6-C6 (eye A7) and white's D7-D6-E6-F6-F7 (eye E7)
# share the liberty C7. Black C7 (or filling the own eye A7) leaves one liberty and white captures.
# Count with the seki (eyes count): black 27, white 21 + 5.5: black wins by 0.5.
#    A B C D E F G
#  7 . X . O . O X
#  6 X X X O O O X
#  5 O O O X X X X
#  4 O . O X . X .
#  3 O O O X X X X
#  2 . O O X . X .
#  1 O O O X X X X
boardsize 7
clear_board
komi 5.5
play b b7
play b g7
play b a6
play b b6
play b c6
play b g6
play b d5
play b e5
play b f5
play b g5
play b d4
play b f4
play b d3
play b e3
play b f3
play b g3
play b d2
play b f2
play b d1
play b e1
play b f1
play b g1
play w d7
play w f7
play w d6
play w e6
play w f6
play w a5
play w b5
play w c5
play w a4
play w c4
play w a3
play w b3
play w c3
play w b2
play w c2
play w a1
play w b1
play w c1
30 reg_genmove b
#? [!C7|A7]

# The same with white to move, komi 6.5 (white wins by 0.5 with the seki): not C7, not the own eye E7.
#    A B C D E F G
#  7 . X . O . O X
#  6 X X X O O O X
#  5 O O O X X X X
#  4 O . O X . X .
#  3 O O O X X X X
#  2 . O O X . X .
#  1 O O O X X X X
boardsize 7
clear_board
komi 6.5
play w d7
play w f7
play w d6
play w e6
play w f6
play w a5
play w b5
play w c5
play w a4
play w c4
play w a3
play w b3
play w c3
play w b2
play w c2
play w a1
play w b1
play w c1
play b b7
play b g7
play b a6
play b b6
play b c6
play b g6
play b d5
play b e5
play b f5
play b g5
play b d4
play b f4
play b d3
play b e3
play b f3
play b g3
play b d2
play b f2
play b d1
play b e1
play b f1
play b g1
40 reg_genmove w
#? [!C7|E7]

# 7x7, making the seki is the only way to live: black's A6-A5-B5-C5 (liberties A7, B6) is short of
# liberties against white's B7-C7-C6 (A7, B6 and the outside liberty D7). Black D7 takes the
# outside liberty: two liberties each, seki, and black wins by 0.5 (27 to 20 + 6.5). Anything else
# and white plays A7 or B6 and captures black's four stones.
#    A B C D E F G
#  7 . O O . X X .
#  6 X . O X X X X
#  5 X X X O X . X
#  4 O O O O X X X
#  3 O . O O X . X
#  2 O O O O X X X
#  1 . O . O X . X
boardsize 7
clear_board
komi 6.5
play b e7
play b f7
play b a6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b e5
play b g5
play b e4
play b f4
play b g4
play b e3
play b g3
play b e2
play b f2
play b g2
play b e1
play b g1
play w b7
play w c7
play w c6
play w d5
play w a4
play w b4
play w c4
play w d4
play w a3
play w c3
play w d3
play w a2
play w b2
play w c2
play w d2
play w b1
play w d1
50 reg_genmove b
#? [D7]

# The same with white to move: white kills at A7 or B6 (black cannot fill the last shared liberty
# without suicide); a pass lets black make the seki at D7 and win.
#    A B C D E F G
#  7 . O O . X X .
#  6 X . O X X X X
#  5 X X X O X . X
#  4 O O O O X X X
#  3 O . O O X . X
#  2 O O O O X X X
#  1 . O . O X . X
boardsize 7
clear_board
komi 6.5
play w b7
play w c7
play w c6
play w d5
play w a4
play w b4
play w c4
play w d4
play w a3
play w c3
play w d3
play w a2
play w b2
play w c2
play w d2
play w b1
play w d1
play b e7
play b f7
play b a6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b e5
play b g5
play b e4
play b f4
play b g4
play b e3
play b g3
play b e2
play b f2
play b g2
play b e1
play b g1
60 reg_genmove w
#? [A7|B6]

# The eyeless seki of case 10 with one dame left, E1 (black gave up the eye at F1 for it): the
# only winning move is the dame (black 27 to 20 + 6.5); passing gives white E1 (W+1.5) and A7 or
# B6 breaks the seki.
#    A B C D E F G
#  7 . O O X . X .
#  6 X . O X X X X
#  5 X X X O X . X
#  4 O O O O X X X
#  3 O . O O X . X
#  2 O O O O X X X
#  1 . O . O . X X
boardsize 7
clear_board
komi 6.5
play b d7
play b f7
play b a6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b e5
play b g5
play b e4
play b f4
play b g4
play b e3
play b g3
play b e2
play b f2
play b g2
play b f1
play b g1
play w b7
play w c7
play w c6
play w d5
play w a4
play w b4
play w c4
play w d4
play w a3
play w c3
play w d3
play w a2
play w b2
play w c2
play w d2
play w b1
play w d1
70 reg_genmove b
#? [E1]

# The same with white to move, komi 5.5: white wins by taking E1 (26 to 21 + 5.5), not by
# playing into the seki.
#    A B C D E F G
#  7 . O O X . X .
#  6 X . O X X X X
#  5 X X X O X . X
#  4 O O O O X X X
#  3 O . O O X . X
#  2 O O O O X X X
#  1 . O . O . X X
boardsize 7
clear_board
komi 5.5
play w b7
play w c7
play w c6
play w d5
play w a4
play w b4
play w c4
play w d4
play w a3
play w c3
play w d3
play w a2
play w b2
play w c2
play w d2
play w b1
play w d1
play b d7
play b f7
play b a6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b e5
play b g5
play b e4
play b f4
play b g4
play b e3
play b g3
play b e2
play b f2
play b g2
play b f1
play b g1
80 reg_genmove w
#? [E1]

# The one-eye seki of case 30 with the dame D1 open: black must take D1 (27 to 21 + 5.5); C7 or
# A7 breaks the seki, a pass gives white the dame and the game.
#    A B C D E F G
#  7 . X . O . O X
#  6 X X X O O O X
#  5 O O O X X X X
#  4 O . O X . X .
#  3 O O O X X X X
#  2 . O O X . X .
#  1 O O O . X X X
boardsize 7
clear_board
komi 5.5
play b b7
play b g7
play b a6
play b b6
play b c6
play b g6
play b d5
play b e5
play b f5
play b g5
play b d4
play b f4
play b d3
play b e3
play b f3
play b g3
play b d2
play b f2
play b e1
play b f1
play b g1
play w d7
play w f7
play w d6
play w e6
play w f6
play w a5
play w b5
play w c5
play w a4
play w c4
play w a3
play w b3
play w c3
play w b2
play w c2
play w a1
play w b1
play w c1
90 reg_genmove b
#? [D1]

# The same with white to move, komi 4.5: white wins by taking D1 (22 + 4.5 to 26).
#    A B C D E F G
#  7 . X . O . O X
#  6 X X X O O O X
#  5 O O O X X X X
#  4 O . O X . X .
#  3 O O O X X X X
#  2 . O O X . X .
#  1 O O O . X X X
boardsize 7
clear_board
komi 4.5
play w d7
play w f7
play w d6
play w e6
play w f6
play w a5
play w b5
play w c5
play w a4
play w c4
play w a3
play w b3
play w c3
play w b2
play w c2
play w a1
play w b1
play w c1
play b b7
play b g7
play b a6
play b b6
play b c6
play b g6
play b d5
play b e5
play b f5
play b g5
play b d4
play b f4
play b d3
play b e3
play b f3
play b g3
play b d2
play b f2
play b e1
play b f1
play b g1
100 reg_genmove w
#? [D1]
