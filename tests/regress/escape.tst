# args: --playouts 2000 --seed 1 --komi 0.5
# Atari escapes: save an own string in atari by extending or by capturing.

# 7x7: black's three stones are in atari; F5 extends to three liberties.
boardsize 7
clear_board
play w c6
play w d6
play w e6
play w b5
play b c5
play b d5
play b e5
play w c4
play w d4
play w e4
play b b2
play b f2
10 reg_genmove b
#? [F5]

# 5x5: black C3 is in atari (liberty C2, which would leave one liberty); capturing the white
# stone at D3 by D2 saves it.
boardsize 5
clear_board
play w c4
play b d4
play w b3
play b c3
play w d3
play b e3
play w b2
play w c1
20 reg_genmove b
#? [D2]
