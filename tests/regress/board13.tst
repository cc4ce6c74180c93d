# args: --playouts 3000 --seed 1
# 13x13: positions of board9.tst grown to 13x13. The 88 new points continue the settled stones
# next to them (every new stone joins a living group of its colour, every eye stays an eye), so
# the fight is the same and every value is the 9x9 solver's value plus the new area: the komi
# moves by the same amount. Second opinion: GNU Go 3.8 (gnugo --mode gtp) plays the expected move
# in every case. Every case was checked at seeds 1..8 at this playout count.

# Case 10 of board9.tst: black D6 captures the cutting stones A6-C6 and joins its one-eyed group
# in atari to the top: B+63 at komi 0 (9x9: B+15, plus 48 new black points); every other move
# B+37.
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X X X X X . X . X X X X
#  8 X X . X X X X X X X X X X
#  7 X X X X X X X . X X X X X
#  6 O O O . X X X X X X X X X
#  5 X X X O X O O O O O O O O
#  4 X . X O X O . O . O O O O
#  3 X X X O X O O O O O O O O
#  2 O O O O O O . O . O O O O
#  1 . O . O O O O O O O O O O
boardsize 13
clear_board
komi 55.5
play b a10
play b g10
play b j10
play b b9
play b c9
play b f9
play b h9
play b k9
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
play b a11
play b g11
play b j11
play b b10
play b c10
play b f10
play b h10
play b k10
play b d9
play b e9
play b l9
play b e8
play b f8
play b k8
play b a7
play b b7
play b e7
play b f7
play b k7
play b f6
play b g6
play b j6
play b a5
play b c5
play b e5
play b a3
play b c3
play b a12
play b g12
play b j12
play b b11
play b c11
play b f11
play b h11
play b k11
play b d10
play b e10
play b l10
play b m9
play b l8
play b l7
play b k6
play b e4
play b a13
play b g13
play b j13
play b b12
play b c12
play b f12
play b h12
play b k12
play b d11
play b e11
play b l11
play b m10
play b n9
play b m8
play b m7
play b l6
play b e3
play b b13
play b c13
play b f13
play b h13
play b k13
play b d12
play b e12
play b l12
play b m11
play b n10
play b n8
play b n7
play b m6
play b d13
play b e13
play b l13
play b m12
play b n11
play b n6
play b m13
play b n12
play b n13
play w c6
play w d5
play w g5
play w j5
play w f4
play w h4
play w k4
play w g3
play w j3
play w a2
play w c2
play w f2
play w h2
play w k2
play w b1
play w d1
play w g1
play w j1
play w b6
play w f5
play w h5
play w k5
play w d4
play w l4
play w f3
play w h3
play w k3
play w b2
play w d2
play w e2
play w l2
play w e1
play w f1
play w h1
play w k1
play w a6
play w l5
play w m4
play w d3
play w l3
play w m2
play w l1
play w m5
play w n4
play w m3
play w n2
play w m1
play w n5
play w n3
play w n1
10 reg_genmove b
#? [D6]

# Case 70 of board9.tst: white kills black's straight three D2-E2-F2 at E2 (B+39 at komi 0);
# after any other move black lives at E2 (B+69 or more).
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X . X . X . X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 O O O O O O O O O O O O O
#  4 O . O O O O O . O O O O O
#  3 O O X X X X X O O O O O O
#  2 O . X . . . X . O O O O O
#  1 O O X X X X X O O O O O O
boardsize 13
clear_board
komi 55.5
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
play w k4
play w a3
play w j3
play w k2
play w a1
play w j1
play w d5
play w f5
play w k5
play w e4
play w l4
play w k3
play w l2
play w k1
play w e5
play w l5
play w m4
play w l3
play w m2
play w l1
play w m5
play w n4
play w m3
play w n2
play w m1
play w n5
play w n3
play w n1
play b a10
play b c10
play b e10
play b g10
play b j10
play b b9
play b d9
play b f9
play b h9
play b k9
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
play b a11
play b c11
play b e11
play b g11
play b j11
play b b10
play b d10
play b f10
play b h10
play b k10
play b l9
play b b8
play b d8
play b f8
play b h8
play b k8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b g3
play b c1
play b g1
play b a12
play b c12
play b e12
play b g12
play b j12
play b b11
play b d11
play b f11
play b h11
play b k11
play b l10
play b m9
play b l8
play b b7
play b d7
play b f7
play b h7
play b k7
play b a6
play b c6
play b e6
play b g6
play b j6
play b a13
play b c13
play b e13
play b g13
play b j13
play b b12
play b d12
play b f12
play b h12
play b k12
play b l11
play b m10
play b n9
play b m8
play b l7
play b b6
play b d6
play b f6
play b h6
play b k6
play b b13
play b d13
play b f13
play b h13
play b k13
play b l12
play b m11
play b n10
play b n8
play b m7
play b l6
play b l13
play b m12
play b n11
play b n7
play b m6
play b m13
play b n12
play b n6
play b n13
20 reg_genmove w
#? [E2]

# Case 100 of board9.tst: black's bulky five D2-E2-D1-E1-F1 lives at E1, E2 or D1 (B+67 at komi
# 0), every other move lets white kill at E1 (B+39).
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X . X . X . X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 O O O O O O O O O O O O O
#  4 O O O O O O . O . O O O O
#  3 O O X X X X O O O O O O O
#  2 O . X . . X X O . O O O O
#  1 O O X . . . X O O O O O O
boardsize 13
clear_board
komi 55.5
play b a10
play b c10
play b e10
play b g10
play b j10
play b b9
play b d9
play b f9
play b h9
play b k9
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
play b a11
play b c11
play b e11
play b g11
play b j11
play b b10
play b d10
play b f10
play b h10
play b k10
play b l9
play b b8
play b d8
play b f8
play b h8
play b k8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c3
play b f3
play b g2
play b a12
play b c12
play b e12
play b g12
play b j12
play b b11
play b d11
play b f11
play b h11
play b k11
play b l10
play b m9
play b l8
play b b7
play b d7
play b f7
play b h7
play b k7
play b a6
play b c6
play b e6
play b g6
play b j6
play b a13
play b c13
play b e13
play b g13
play b j13
play b b12
play b d12
play b f12
play b h12
play b k12
play b l11
play b m10
play b n9
play b m8
play b l7
play b b6
play b d6
play b f6
play b h6
play b k6
play b b13
play b d13
play b f13
play b h13
play b k13
play b l12
play b m11
play b n10
play b n8
play b m7
play b l6
play b l13
play b m12
play b n11
play b n7
play b m6
play b m13
play b n12
play b n6
play b n13
play w g5
play w j5
play w f4
play w h4
play w k4
play w b3
play w g3
play w j3
play w a2
play w h2
play w k2
play w b1
play w j1
play w f5
play w h5
play w k5
play w b4
play w e4
play w l4
play w a3
play w h3
play w k3
play w l2
play w a1
play w h1
play w k1
play w b5
play w e5
play w l5
play w a4
play w c4
play w d4
play w m4
play w l3
play w m2
play w l1
play w a5
play w c5
play w d5
play w m5
play w n4
play w m3
play w n2
play w m1
play w n5
play w n3
play w n1
30 reg_genmove b
#? [E2|D1|E1]

# Case 90 of board9.tst: white kills black's bent three A2-A1-B1 at A1 (B+39 at komi 0); anything
# else and black lives at A1 (B+55 or more). At commit 0e53b69 tengen passes at seed 5 (7 of 8
# seeds play A1): its search prefers A1 (995 of 1,000 visits, 98.7%), the pass rule overrides it
# as in case 70.
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X . X . X . X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 O O O O O O O O O O O O O
#  4 O . O O . O O . O O O O O
#  3 X X O O O . O O O O O O O
#  2 . X X O O O O . O O O O O
#  1 . . X O . O O O O O O O O
boardsize 13
clear_board
komi 54.5
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
play w k4
play w c3
play w d3
play w j3
play w d2
play w k2
play w g1
play w j1
play w k5
play w l4
play w k3
play w l2
play w k1
play w l5
play w m4
play w l3
play w m2
play w l1
play w m5
play w n4
play w m3
play w n2
play w m1
play w n5
play w n3
play w n1
play b a10
play b c10
play b e10
play b g10
play b j10
play b b9
play b d9
play b f9
play b h9
play b k9
play b a8
play b c8
play b e8
play b g8
play b j8
play b a3
play b b3
play b b2
play b c1
play b a11
play b c11
play b e11
play b g11
play b j11
play b b10
play b d10
play b f10
play b h10
play b k10
play b l9
play b b8
play b d8
play b f8
play b h8
play b k8
play b a7
play b c7
play b e7
play b g7
play b j7
play b c2
play b a12
play b c12
play b e12
play b g12
play b j12
play b b11
play b d11
play b f11
play b h11
play b k11
play b l10
play b m9
play b l8
play b b7
play b d7
play b f7
play b h7
play b k7
play b a6
play b c6
play b e6
play b g6
play b j6
play b a13
play b c13
play b e13
play b g13
play b j13
play b b12
play b d12
play b f12
play b h12
play b k12
play b l11
play b m10
play b n9
play b m8
play b l7
play b b6
play b d6
play b f6
play b h6
play b k6
play b b13
play b d13
play b f13
play b h13
play b k13
play b l12
play b m11
play b n10
play b n8
play b m7
play b l6
play b l13
play b m12
play b n11
play b n7
play b m6
play b m13
play b n12
play b n6
play b n13
40 reg_genmove w
#? [A1]

# Case 220 of board9.tst: every empty point is one of the two eyes of a group (A9 and J9 of
# black's 101 stones, A1 and J1 of white's 64); black wins by 1.5 (B+65 at komi 0). Filling A9 or
# J9 loses the whole group: pass.
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X X X X X X X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 X X X X X X X X X X X X X
#  4 O O O O O O O O O O O O O
#  3 O O O O O O O O O O O O O
#  2 O O O O O O O O O O O O O
#  1 . O O O O O O O . O O O O
boardsize 13
clear_board
komi 63.5
play b a10
play b j10
play b b9
play b h9
play b k9
play b a8
play b j8
play b a11
play b j11
play b b10
play b h10
play b k10
play b c9
play b g9
play b l9
play b b8
play b h8
play b k8
play b a7
play b j7
play b a12
play b j12
play b b11
play b h11
play b k11
play b c10
play b g10
play b l10
play b d9
play b f9
play b m9
play b c8
play b g8
play b l8
play b b7
play b h7
play b k7
play b a6
play b j6
play b a13
play b j13
play b b12
play b h12
play b k12
play b c11
play b g11
play b l11
play b d10
play b f10
play b m10
play b e9
play b n9
play b d8
play b f8
play b m8
play b c7
play b g7
play b l7
play b b6
play b h6
play b k6
play b a5
play b j5
play b b13
play b h13
play b k13
play b c12
play b g12
play b l12
play b d11
play b f11
play b m11
play b e10
play b n10
play b e8
play b n8
play b d7
play b f7
play b m7
play b c6
play b g6
play b l6
play b b5
play b h5
play b k5
play b c13
play b g13
play b l13
play b d12
play b f12
play b m12
play b e11
play b n11
play b e7
play b n7
play b d6
play b f6
play b m6
play b c5
play b g5
play b l5
play b d13
play b f13
play b m13
play b e12
play b n12
play b e6
play b n6
play b d5
play b f5
play b m5
play b e13
play b n13
play b e5
play b n5
play w a2
play w j2
play w b1
play w h1
play w k1
play w a3
play w j3
play w b2
play w h2
play w k2
play w c1
play w g1
play w l1
play w a4
play w j4
play w b3
play w h3
play w k3
play w c2
play w g2
play w l2
play w d1
play w f1
play w m1
play w b4
play w h4
play w k4
play w c3
play w g3
play w l3
play w d2
play w f2
play w m2
play w e1
play w n1
play w c4
play w g4
play w l4
play w d3
play w f3
play w m3
play w e2
play w n2
play w d4
play w f4
play w m4
play w e3
play w n3
play w e4
play w n4
play w pass
50 reg_genmove b
#? [PASS]

# Case 157 of board9.tst: white cannot kill black's 2x4 corner A2-D2, A1-D1 but C2 or B1 makes a
# seki (B+61 at komi 0; 9x9: B+13, plus 48); any other move B+69.
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X . X . X . X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 O O O O O O O O O O O O O
#  4 O O O O O O O . O O O O O
#  3 X X X X X O . O O O O O O
#  2 . . . . X O O O . O O O O
#  1 . . . . X O . O O O O O O
boardsize 13
clear_board
komi 65.5
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w k2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w k4
play w k3
play w f2
play w l2
play w k1
play w f5
play w k5
play w e4
play w l4
play w l3
play w m2
play w l1
play w e5
play w l5
play w d4
play w m4
play w m3
play w n2
play w m1
play w d5
play w m5
play w c4
play w n4
play w n3
play w n1
play w c5
play w n5
play w b4
play w b5
play w a4
play w a5
play b a10
play b c10
play b e10
play b g10
play b j10
play b b9
play b d9
play b f9
play b h9
play b k9
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
play b a11
play b c11
play b e11
play b g11
play b j11
play b b10
play b d10
play b f10
play b h10
play b k10
play b l9
play b b8
play b d8
play b f8
play b h8
play b k8
play b a7
play b c7
play b e7
play b g7
play b j7
play b e3
play b a12
play b c12
play b e12
play b g12
play b j12
play b b11
play b d11
play b f11
play b h11
play b k11
play b l10
play b m9
play b l8
play b b7
play b d7
play b f7
play b h7
play b k7
play b a6
play b c6
play b e6
play b g6
play b j6
play b a13
play b c13
play b e13
play b g13
play b j13
play b b12
play b d12
play b f12
play b h12
play b k12
play b l11
play b m10
play b n9
play b m8
play b l7
play b b6
play b d6
play b f6
play b h6
play b k6
play b b13
play b d13
play b f13
play b h13
play b k13
play b l12
play b m11
play b n10
play b n8
play b m7
play b l6
play b l13
play b m12
play b n11
play b n7
play b m6
play b m13
play b n12
play b n6
play b n13
60 reg_genmove w
#? [C2|B1]

# Case 158 of board9.tst: black keeps the whole corner with any move inside it but D2 (B+69 at
# komi 0); a pass or a spare eye lets white make the seki (B+61), D2 gives B+59. tengen passed at
# seeds 1..8 although its search preferred B1 (966 of 1,000 visits, 99.3%): above 9x9 there is no
# judgement by perfect play, and the pass rule for a settled position counted the board as it
# stands. Now it does not pass while white's own search, moving first, expects to win (8/8).
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X . X . X . X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 O O O O O O O O O O O O O
#  4 O O O O O O O . O O O O O
#  3 X X X X X O . O O O O O O
#  2 . . . . X O O O . O O O O
#  1 . . . . X O . O O O O O O
boardsize 13
clear_board
komi 65.5
play b a10
play b c10
play b e10
play b g10
play b j10
play b b9
play b d9
play b f9
play b h9
play b k9
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
play b a11
play b c11
play b e11
play b g11
play b j11
play b b10
play b d10
play b f10
play b h10
play b k10
play b l9
play b b8
play b d8
play b f8
play b h8
play b k8
play b a7
play b c7
play b e7
play b g7
play b j7
play b e3
play b a12
play b c12
play b e12
play b g12
play b j12
play b b11
play b d11
play b f11
play b h11
play b k11
play b l10
play b m9
play b l8
play b b7
play b d7
play b f7
play b h7
play b k7
play b a6
play b c6
play b e6
play b g6
play b j6
play b a13
play b c13
play b e13
play b g13
play b j13
play b b12
play b d12
play b f12
play b h12
play b k12
play b l11
play b m10
play b n9
play b m8
play b l7
play b b6
play b d6
play b f6
play b h6
play b k6
play b b13
play b d13
play b f13
play b h13
play b k13
play b l12
play b m11
play b n10
play b n8
play b m7
play b l6
play b l13
play b m12
play b n11
play b n7
play b m6
play b m13
play b n12
play b n6
play b n13
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w k2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w k4
play w k3
play w f2
play w l2
play w k1
play w f5
play w k5
play w e4
play w l4
play w l3
play w m2
play w l1
play w e5
play w l5
play w d4
play w m4
play w m3
play w n2
play w m1
play w d5
play w m5
play w c4
play w n4
play w n3
play w n1
play w c5
play w n5
play w b4
play w b5
play w a4
play w a5
70 reg_genmove b
#? [A2|B2|C2|A1|B1|C1|D1]

# Case 180 of board9.tst as the top-left corner of 13x13 (the new rows are white's: 32 points
# more for white): black's A12-A11-B11-C11 and white's B13-C13-C12 share A13 and B12. Black wins
# by 0.5 with the seki (W+29 at komi 0); A13 or B12 loses the string (W+39).
#    A B C D E F G H J K L M N
# 13 . O O X . X . X . X X X X
# 12 X . O X X X X X X X X X X
# 11 X X X O X X X X X X X X X
# 10 O O O O X X X X X X X X X
#  9 O . O O X X X X X X X X X
#  8 O O O O X X X X X X X X X
#  7 O O O O X X X X X X X X X
#  6 O . O O O O O O O O O O O
#  5 . O O . O O . O O O O O O
#  4 O O O O O O O O O O O O O
#  3 O O O O O O O O O O O O O
#  2 O O O O O O O O O O O O O
#  1 O O O O O O O O O O O O O
boardsize 13
clear_board
komi -29.5
play b d13
play b f13
play b h13
play b k13
play b a12
play b e12
play b g12
play b j12
play b b11
play b l13
play b d12
play b f12
play b h12
play b k12
play b a11
play b c11
play b e11
play b g11
play b j11
play b m13
play b l12
play b f11
play b h11
play b k11
play b e10
play b g10
play b j10
play b n13
play b m12
play b l11
play b f10
play b h10
play b k10
play b e9
play b g9
play b j9
play b n12
play b m11
play b l10
play b f9
play b h9
play b k9
play b e8
play b g8
play b j8
play b n11
play b m10
play b l9
play b f8
play b h8
play b k8
play b e7
play b g7
play b j7
play b n10
play b m9
play b l8
play b f7
play b h7
play b k7
play b n9
play b m8
play b l7
play b n8
play b m7
play b n7
play w b13
play w c12
play w b10
play w a9
play w c9
play w b8
play w b7
play w a6
play w c6
play w d6
play w g6
play w b5
play w c5
play w e5
play w f5
play w h5
play w a4
play w d4
play w g4
play w c13
play w a10
play w c10
play w d9
play w a8
play w c8
play w a7
play w c7
play w d7
play w e6
play w f6
play w h6
play w j5
play w b4
play w c4
play w e4
play w f4
play w h4
play w a3
play w d3
play w g3
play w d10
play w d8
play w j6
play w k5
play w j4
play w b3
play w c3
play w e3
play w f3
play w h3
play w a2
play w d2
play w g2
play w d11
play w k6
play w l5
play w k4
play w j3
play w b2
play w c2
play w e2
play w f2
play w h2
play w a1
play w d1
play w g1
play w l6
play w m5
play w l4
play w k3
play w j2
play w b1
play w c1
play w e1
play w f1
play w h1
play w m6
play w n5
play w m4
play w l3
play w k2
play w j1
play w n6
play w n4
play w m3
play w l2
play w k1
play w n3
play w m2
play w l1
play w n2
play w m1
play w n1
80 reg_genmove b
#? [!A13|B12]

# Case 250 of board9.tst grown the same way: the seki in the corner and the last dame E6. Only E6
# wins (W+27 at komi 0); a pass or a spare eye gives white the dame (W+29), A13 or B12 breaks the
# seki (W+37).
#    A B C D E F G H J K L M N
# 13 . O O X . X . X . X X X X
# 12 X . O X X X X X X X X X X
# 11 X X X O X X X X X X X X X
# 10 O O O O X X X X X X X X X
#  9 O . O O X X X X X X X X X
#  8 O O O O X X X X X X X X X
#  7 O O O O X X X X X X X X X
#  6 O . O O . O O O O O O O O
#  5 . O O . O O . O O O O O O
#  4 O O O O O O O O O O O O O
#  3 O O O O O O O O O O O O O
#  2 O O O O O O O O O O O O O
#  1 O O O O O O O O O O O O O
boardsize 13
clear_board
komi -27.5
play b d13
play b f13
play b h13
play b k13
play b a12
play b e12
play b g12
play b j12
play b b11
play b e7
play b l13
play b d12
play b f12
play b h12
play b k12
play b a11
play b c11
play b e11
play b g11
play b j11
play b e8
play b f7
play b m13
play b l12
play b f11
play b h11
play b k11
play b e10
play b g10
play b j10
play b e9
play b f8
play b g7
play b n13
play b m12
play b l11
play b f10
play b h10
play b k10
play b f9
play b g9
play b j9
play b g8
play b h7
play b n12
play b m11
play b l10
play b h9
play b k9
play b h8
play b j8
play b j7
play b n11
play b m10
play b l9
play b k8
play b k7
play b n10
play b m9
play b l8
play b l7
play b n9
play b m8
play b m7
play b n8
play b n7
play w b13
play w c12
play w b10
play w a9
play w c9
play w b8
play w b7
play w a6
play w c6
play w d6
play w f6
play w g6
play w b5
play w c5
play w e5
play w f5
play w h5
play w a4
play w d4
play w g4
play w c13
play w a10
play w c10
play w d9
play w a8
play w c8
play w a7
play w c7
play w d7
play w h6
play w j5
play w b4
play w c4
play w e4
play w f4
play w h4
play w a3
play w d3
play w g3
play w d10
play w d8
play w j6
play w k5
play w j4
play w b3
play w c3
play w e3
play w f3
play w h3
play w a2
play w d2
play w g2
play w d11
play w k6
play w l5
play w k4
play w j3
play w b2
play w c2
play w e2
play w f2
play w h2
play w a1
play w d1
play w g1
play w l6
play w m5
play w l4
play w k3
play w j2
play w b1
play w c1
play w e1
play w f1
play w h1
play w m6
play w n5
play w m4
play w l3
play w k2
play w j1
play w n6
play w n4
play w m3
play w l2
play w k1
play w n3
play w m2
play w l1
play w n2
play w m1
play w n1
90 reg_genmove b
#? [E6]

# The same with white to move, komi -28.5: only E6 wins (W+29 at komi 0); after a pass black
# takes it (W+27).
#    A B C D E F G H J K L M N
# 13 . O O X . X . X . X X X X
# 12 X . O X X X X X X X X X X
# 11 X X X O X X X X X X X X X
# 10 O O O O X X X X X X X X X
#  9 O . O O X X X X X X X X X
#  8 O O O O X X X X X X X X X
#  7 O O O O X X X X X X X X X
#  6 O . O O . O O O O O O O O
#  5 . O O . O O . O O O O O O
#  4 O O O O O O O O O O O O O
#  3 O O O O O O O O O O O O O
#  2 O O O O O O O O O O O O O
#  1 O O O O O O O O O O O O O
boardsize 13
clear_board
komi -28.5
play w b13
play w c12
play w b10
play w a9
play w c9
play w b8
play w b7
play w a6
play w c6
play w d6
play w f6
play w g6
play w b5
play w c5
play w e5
play w f5
play w h5
play w a4
play w d4
play w g4
play w c13
play w a10
play w c10
play w d9
play w a8
play w c8
play w a7
play w c7
play w d7
play w h6
play w j5
play w b4
play w c4
play w e4
play w f4
play w h4
play w a3
play w d3
play w g3
play w d10
play w d8
play w j6
play w k5
play w j4
play w b3
play w c3
play w e3
play w f3
play w h3
play w a2
play w d2
play w g2
play w d11
play w k6
play w l5
play w k4
play w j3
play w b2
play w c2
play w e2
play w f2
play w h2
play w a1
play w d1
play w g1
play w l6
play w m5
play w l4
play w k3
play w j2
play w b1
play w c1
play w e1
play w f1
play w h1
play w m6
play w n5
play w m4
play w l3
play w k2
play w j1
play w n6
play w n4
play w m3
play w l2
play w k1
play w n3
play w m2
play w l1
play w n2
play w m1
play w n1
play b d13
play b f13
play b h13
play b k13
play b a12
play b e12
play b g12
play b j12
play b b11
play b e7
play b l13
play b d12
play b f12
play b h12
play b k12
play b a11
play b c11
play b e11
play b g11
play b j11
play b e8
play b f7
play b m13
play b l12
play b f11
play b h11
play b k11
play b e10
play b g10
play b j10
play b e9
play b f8
play b g7
play b n13
play b m12
play b l11
play b f10
play b h10
play b k10
play b f9
play b g9
play b j9
play b g8
play b h7
play b n12
play b m11
play b l10
play b h9
play b k9
play b h8
play b j8
play b j7
play b n11
play b m10
play b l9
play b k8
play b k7
play b n10
play b m9
play b l8
play b l7
play b n9
play b m8
play b m7
play b n8
play b n7
100 reg_genmove w
#? [E6]

# Case 155 of board9.tst on 13x13: only B1 makes two eyes in black's six-point space B2-C2,
# A1-B1-C1-D1 (B+59 at komi 0, every other move B+39).
#    A B C D E F G H J K L M N
# 13 X X X X X X X X X X X X X
# 12 X X X X X X X X X X X X X
# 11 X X X X X X X X X X X X X
# 10 X X X X X X X X X X X X X
#  9 . X . X . X . X . X X X X
#  8 X X X X X X X X X X X X X
#  7 X X X X X X X X X X X X X
#  6 X X X X X X X X X X X X X
#  5 O O O O O O O O O O O O O
#  4 O O O O O O O . O O O O O
#  3 O X X X O O . O O O O O O
#  2 X . . X O O O O . O O O O
#  1 . . . . X O . O O O O O O
boardsize 13
clear_board
komi 55.5
play b a10
play b c10
play b e10
play b g10
play b j10
play b b9
play b d9
play b f9
play b h9
play b k9
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
play b a11
play b c11
play b e11
play b g11
play b j11
play b b10
play b d10
play b f10
play b h10
play b k10
play b l9
play b b8
play b d8
play b f8
play b h8
play b k8
play b a7
play b c7
play b e7
play b g7
play b j7
play b d3
play b a12
play b c12
play b e12
play b g12
play b j12
play b b11
play b d11
play b f11
play b h11
play b k11
play b l10
play b m9
play b l8
play b b7
play b d7
play b f7
play b h7
play b k7
play b a6
play b c6
play b e6
play b g6
play b j6
play b a13
play b c13
play b e13
play b g13
play b j13
play b b12
play b d12
play b f12
play b h12
play b k12
play b l11
play b m10
play b n9
play b m8
play b l7
play b b6
play b d6
play b f6
play b h6
play b k6
play b b13
play b d13
play b f13
play b h13
play b k13
play b l12
play b m11
play b n10
play b n8
play b m7
play b l6
play b l13
play b m12
play b n11
play b n7
play b m6
play b m13
play b n12
play b n6
play b n13
play w h5
play w g4
play w j4
play w f3
play w h3
play w j3
play w g2
play w h2
play w k2
play w f1
play w h1
play w j1
play w g5
play w j5
play w f4
play w k4
play w e3
play w k3
play w f2
play w l2
play w k1
play w f5
play w k5
play w e4
play w l4
play w l3
play w e2
play w m2
play w l1
play w e5
play w l5
play w d4
play w m4
play w m3
play w n2
play w m1
play w d5
play w m5
play w c4
play w n4
play w n3
play w n1
play w c5
play w n5
play w b4
play w b5
play w a4
play w a5
play w a3
110 reg_genmove b
#? [B1]
