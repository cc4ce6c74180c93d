# args: --rules atari-go --playouts 1000 --seed 1
# Atari Go: the first capture wins.

# Capture at once.
boardsize 5
clear_board
play b c4
play b b3
play b d3
play w c3
play w d2
10 reg_genmove b
#? [C2]

# White to move must save C3 (in atari at C2): extending at C2 gives two liberties; anything
# else loses at once.
20 reg_genmove w
#? [C2]
