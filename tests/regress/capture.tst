# args: --playouts 2000 --seed 1 --komi 0.5
# Captures: take a string in atari when it decides the game.

# 7x7: three white stones in atari, the liberty at B5.
boardsize 7
clear_board
play b c6
play b d6
play b e6
play w c5
play w d5
play w e5
play b f5
play b c4
play b d4
play b e4
play w d2
10 reg_genmove b
#? [B5]*
# A known failure at seed 1 since MCTS_RAVE_EQUIV 500: C2 with a win rate of 0.98 (black wins
# anyway; its line captures at B5 a few moves later). B5 at five seeds of 1..8 (C2 at 1 and 2,
# E2 at 5), six with 1000 (E2 at 3 and 5); at 50,000 playouts B5 at a win rate of 1.00.

# 9x9: three white stones cut black apart and are in atari; G5 captures them (if white
# extends there first, they join H5 and black stays cut in two). Pachi at 50,000 playouts
# plays G5 too; without H5 the stones cannot escape anyway, and GNU Go and Pachi chose G6 or H6.
boardsize 9
clear_board
play b d6
play b e6
play b f6
play b d4
play b e4
play b f4
play b c5
play w d5
play w e5
play w f5
play w c3
play w g7
play w g3
play w h5
20 reg_genmove b
#? [G5]
# At 2,000 playouts G5 at six seeds of 1 to 8 (G4 at seeds 7 and 8); before the playouts' atari
# in capturing races, five (C2 at seed 1), and a known failure.

# 7x7, two white strings in atari: A5-B5-C5 (liberty D5) cuts black's top group, which has only
# the eye A7, from the bottom group; C2 (liberty C1) is dead anyway. Black D5 captures the three
# stones and the top group lives (B+25 at komi 0, every other move B+1): at komi 12.5 only D5 wins.
#    A B C D E F G
#  7 . X X X O . O
#  6 X X X X O O O
#  5 O O O . O . O
#  4 X X X X O O O
#  3 X . X X X X X
#  2 X X O X . X .
#  1 . X . X X X X
boardsize 7
clear_board
komi 12.5
play b b7
play b c7
play b d7
play b a6
play b b6
play b c6
play b d6
play b a4
play b b4
play b c4
play b d4
play b a3
play b c3
play b d3
play b e3
play b f3
play b g3
play b a2
play b b2
play b d2
play b f2
play b b1
play b d1
play b e1
play b f1
play b g1
play w e7
play w g7
play w e6
play w f6
play w g6
play w a5
play w b5
play w c5
play w e5
play w g5
play w e4
play w f4
play w g4
play w c2
30 reg_genmove b
#? [D5]

# The same with white to move: white D5 connects the three stones out and black's top group, left
# with one eye, dies (B+1 at komi 0; anything else lets black capture, B+25).
#    A B C D E F G
#  7 . X X X O . O
#  6 X X X X O O O
#  5 O O O . O . O
#  4 X X X X O O O
#  3 X . X X X X X
#  2 X X O X . X .
#  1 . X . X X X X
boardsize 7
clear_board
komi 12.5
play w e7
play w g7
play w e6
play w f6
play w g6
play w a5
play w b5
play w c5
play w e5
play w g5
play w e4
play w f4
play w g4
play w c2
play b b7
play b c7
play b d7
play b a6
play b b6
play b c6
play b d6
play b a4
play b b4
play b c4
play b d4
play b a3
play b c3
play b d3
play b e3
play b f3
play b g3
play b a2
play b b2
play b d2
play b f2
play b b1
play b d1
play b e1
play b f1
play b g1
40 reg_genmove w
#? [D5]

# 7x7, a snapback: black's A2-B2-C2-C1 (liberties A1, B1) has white's long string, liberties E2
# and E1, in a race. White throws in at B1; if black takes it at A1, white captures five stones at
# B1 again. The other throw-in, A1, fails: after B B1 (taking it) and W A1 the captured space is a
# bulky five, black plays its vital point and white's whole group dies (exact solver: B1 B+25,
# every other move B+49). Until the snapback prior (tactics_is_snapback) the search never visited
# the throw-in at seeds 2..8 (its self-atari prior kept it below the pass) and passed at a 4% win
# rate; now B1 at seeds 1..8.
#    A B C D E F G
#  7 . X . X . X .
#  6 X X X X X X X
#  5 X X X X X X X
#  4 X X X X X X X
#  3 O O O O X . X
#  2 X X X O . X X
#  1 . . X O . X .
boardsize 7
clear_board
komi 36.5
play w a3
play w b3
play w c3
play w d3
play w d2
play w d1
play b b7
play b d7
play b f7
play b a6
play b b6
play b c6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b d5
play b e5
play b f5
play b g5
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play b e3
play b g3
play b a2
play b b2
play b c2
play b f2
play b g2
play b c1
play b f1
50 reg_genmove w
#? [B1]

# The same with black to move: black wins the race at E2 or E1 (or B1) and captures white's group
# (B+49).
#    A B C D E F G
#  7 . X . X . X .
#  6 X X X X X X X
#  5 X X X X X X X
#  4 X X X X X X X
#  3 O O O O X . X
#  2 X X X O . X X
#  1 . . X O . X .
boardsize 7
clear_board
komi 36.5
play b b7
play b d7
play b f7
play b a6
play b b6
play b c6
play b d6
play b e6
play b f6
play b g6
play b a5
play b b5
play b c5
play b d5
play b e5
play b f5
play b g5
play b a4
play b b4
play b c4
play b d4
play b e4
play b f4
play b g4
play b e3
play b g3
play b a2
play b b2
play b c2
play b f2
play b g2
play b c1
play b f1
play w a3
play w b3
play w c3
play w d3
play w d2
play w d1
60 reg_genmove b
#? [E2|E1|B1]
