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
