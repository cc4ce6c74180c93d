# args: --playouts 2000 --seed 1
# Life and death: the vital point of an eye space.

# 5x5: black's group on the first two lines has the straight three A1-B1-C1 as its eye space;
# B1 makes two eyes for Black and kills for White. The komi (-5.5) makes the group decide the game
# (black alive: black 10, white 15; black dead: white 25).
boardsize 5
clear_board
komi -5.5
play b a2
play w a4
play b b2
play w b4
play b c2
play w c4
play b d2
play w d4
play b e2
play w e4
play b d1
play w a3
play b e1
play w b3
play b pass
play w c3
play b pass
play w d3
play b pass
play w e3
play b pass
play w b5
play b pass
play w d5
10 reg_genmove b
#? [B1]

# The same with White to move (Black passed): White kills at B1.
play b pass
20 reg_genmove w
#? [B1]

# 5x5, bent three: black's group in the corner has the eye space A2-A1-B1; A1 splits it into two
# eyes. Black alive: 9 points to white's 16 - 7.5, black wins by 0.5; dead: white takes the board.
#    A B C D E
#  5 . O . O .
#  4 O O O O O
#  3 X X X O O
#  2 . X X O .
#  1 . . X O O
boardsize 5
clear_board
komi -7.5
play b a3
play b b3
play b c3
play b b2
play b c2
play b c1
play w b5
play w d5
play w a4
play w b4
play w c4
play w d4
play w e4
play w d3
play w e3
play w d2
play w d1
play w e1
30 reg_genmove b
#? [A1]

# The same with white to move: white kills at A1 (solver: W+25 at komi 0 against W+7). (Once a
# regression of the pass rule, which judged the settled position with white still to move.)
#    A B C D E
#  5 . O . O .
#  4 O O O O O
#  3 X X X O O
#  2 . X X O .
#  1 . . X O O
boardsize 5
clear_board
komi -7.5
play w b5
play w d5
play w a4
play w b4
play w c4
play w d4
play w e4
play w d3
play w e3
play w d2
play w d1
play w e1
play b a3
play b b3
play b c3
play b b2
play b c2
play b c1
40 reg_genmove w
#? [A1]

# 6x6, bulky five: black's eye space A2-B2-A1-B1-C1; its vital point is B1 (solver: B1 alive, W+12
# at komi 0, every other move dead, W+36).
#    A B C D E F
#  6 . O . O . O
#  5 O O O O O O
#  4 O O O O O O
#  3 X X X X O O
#  2 . . X X O .
#  1 . . . X O O
boardsize 6
clear_board
komi -12.5
play b a3
play b b3
play b c3
play b d3
play b c2
play b d2
play b d1
play w b6
play w d6
play w f6
play w a5
play w b5
play w c5
play w d5
play w e5
play w f5
play w a4
play w b4
play w c4
play w d4
play w e4
play w f4
play w e3
play w f3
play w e2
play w e1
play w f1
50 reg_genmove b
#? [B1]

# The same with white to move: white kills at the vital point B1.
#    A B C D E F
#  6 . O . O . O
#  5 O O O O O O
#  4 O O O O O O
#  3 X X X X O O
#  2 . . X X O .
#  1 . . . X O O
boardsize 6
clear_board
komi -12.5
play w b6
play w d6
play w f6
play w a5
play w b5
play w c5
play w d5
play w e5
play w f5
play w a4
play w b4
play w c4
play w d4
play w e4
play w f4
play w e3
play w f3
play w e2
play w e1
play w f1
play b a3
play b b3
play b c3
play b d3
play b c2
play b d2
play b d1
60 reg_genmove w
#? [B1]
