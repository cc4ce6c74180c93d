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
