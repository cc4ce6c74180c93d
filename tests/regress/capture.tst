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
#? [B5]

# 9x9: three white stones cut black apart and are in atari; G5 captures them (if white
# extends there first, they get three liberties).
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
20 reg_genmove b
#? [G5]
