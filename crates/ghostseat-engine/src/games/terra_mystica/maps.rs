//! Map tables of facts file §11.2–11.3, as row strings (`ID:T`, `rN` = river).
#![allow(clippy::type_complexity)]

/// (map id, rows: (label, indented, cells left→right)). TMA-MAP-1.
pub const MAPS: &[(&str, &[(&str, bool, &str)])] = &[
    (
        "base",
        &[
            (
                "A",
                false,
                "A1:U A2:S A3:G A4:B A5:Y A6:R A7:U A8:K A9:R A10:G A11:B A12:R A13:K",
            ),
            ("B", true, "B1:Y r0 r1 B2:U B3:K r2 r3 B4:Y B5:K r4 r5 B6:Y"),
            (
                "C",
                false,
                "r6 r7 C1:K r8 C2:S r9 C3:G r10 C4:G r11 C5:S r12 r13",
            ),
            (
                "D",
                true,
                "D1:G D2:B D3:Y r14 r15 D4:R D5:B r16 D6:R r17 D7:R D8:U",
            ),
            (
                "E",
                false,
                "E1:K E2:U E3:R E4:B E5:K E6:U E7:S E8:Y r18 r19 E9:G E10:K E11:B",
            ),
            (
                "F",
                true,
                "F1:S F2:G r20 r21 F3:Y F4:G r22 r23 r24 F5:U F6:S F7:U",
            ),
            (
                "G",
                false,
                "r25 r26 r27 G1:S r28 G2:R r29 G3:G r30 G4:Y G5:K G6:B G7:Y",
            ),
            (
                "H",
                true,
                "H1:Y H2:B H3:U r31 r32 r33 H4:B H5:K r34 H6:S H7:U H8:S",
            ),
            (
                "I",
                false,
                "I1:R I2:K I3:S I4:B I5:R I6:G I7:Y I8:U I9:S r35 I10:B I11:G I12:R",
            ),
        ],
    ),
    (
        "fire-ice-1",
        &[
            (
                "B",
                true,
                "B1:U r0 B2:U B3:K B4:Y r1 B5:S B6:G B7:R B8:B B9:Y B10:B",
            ),
            (
                "C",
                false,
                "C1:R C2:Y r2 C3:B C4:S C5:R r3 r4 r5 C6:Y C7:U C8:K C9:S",
            ),
            (
                "D",
                true,
                "D1:G D2:K r6 r7 r8 D3:U D4:G D5:Y r9 r10 r11 r12",
            ),
            (
                "E",
                false,
                "E1:Y E2:S E3:G E4:Y E5:K r13 E6:B E7:R E8:U r14 E9:G E10:B E11:G",
            ),
            (
                "F",
                true,
                "r15 r16 F1:U r17 r18 F2:R F3:K F4:G F5:S r19 F6:U F7:K",
            ),
            (
                "G",
                false,
                "G1:G G2:R r20 r21 G3:G r22 r23 r24 G4:U G5:B r25 G6:S G7:R",
            ),
            (
                "H",
                true,
                "H1:S r26 H2:Y H3:S H4:B H5:R H6:G r27 H7:R H8:S r28 H9:K",
            ),
            (
                "I",
                false,
                "I1:K I2:B r29 I3:K I4:U I5:S I6:B r30 I7:Y I8:K r31 I9:R I10:B",
            ),
            (
                "J",
                true,
                "J1:S J2:G r32 J3:R J4:Y J5:K J6:Y r33 J7:B J8:U r34 J9:U",
            ),
        ],
    ),
    (
        "revised-base",
        &[
            (
                "A",
                false,
                "A1:U A2:S A3:G A4:B A5:U A6:R A7:U A8:K A9:R A10:B A11:G A12:R A13:K",
            ),
            ("B", true, "B1:Y r0 r1 B2:Y B3:K r2 r3 B4:Y B5:G r4 r5 B6:Y"),
            (
                "C",
                false,
                "r6 r7 C1:K r8 C2:S r9 C3:G r10 C4:K r11 C5:R r12 r13",
            ),
            (
                "D",
                true,
                "D1:G D2:B D3:Y r14 r15 D4:R D5:B r16 D6:R r17 D7:S D8:U",
            ),
            (
                "E",
                false,
                "E1:K E2:U E3:R E4:B E5:Y E6:U E7:G E8:Y r18 r19 E9:G E10:K E11:R",
            ),
            (
                "F",
                true,
                "F1:S F2:G r20 r21 F3:K F4:S r22 r23 r24 F5:U F6:S F7:Y",
            ),
            (
                "G",
                false,
                "r25 r26 r27 G1:S r28 G2:R r29 G3:G r30 G4:Y G5:K G6:B G7:U",
            ),
            (
                "H",
                true,
                "H1:Y H2:B H3:U r31 r32 r33 H4:B H5:K r34 H6:S H7:U H8:R",
            ),
            (
                "I",
                false,
                "I1:B I2:K I3:S I4:B I5:R I6:G I7:Y I8:U I9:S r35 I10:B I11:G I12:S",
            ),
        ],
    ),
    (
        "loon-lakes",
        &[
            (
                "B",
                true,
                "B1:S B2:B B3:R B4:U B5:Y B6:B B7:Y B8:R r0 r1 B9:G B10:B",
            ),
            (
                "C",
                false,
                "C1:Y C2:K C3:G r2 r3 C4:K C5:U r4 C6:G C7:S r5 C8:U C9:K",
            ),
            (
                "D",
                true,
                "D1:U r6 r7 D2:G D3:R D4:S r8 D5:K D6:B D7:R r9 D8:Y",
            ),
            (
                "E",
                false,
                "E1:B E2:R E3:S r10 E4:Y E5:U E6:G r11 r12 E7:Y r13 E8:K E9:R",
            ),
            (
                "F",
                true,
                "F1:G F2:Y r14 F3:K F4:B r15 r16 F5:R r17 F6:S F7:G F8:U",
            ),
            (
                "G",
                false,
                "G1:S r18 G2:U G3:S r19 G4:Y r20 G5:S r21 G6:U G7:K G8:B G9:R",
            ),
            (
                "H",
                true,
                "H1:R r22 r23 r24 H2:R H3:G H4:U H5:K H6:Y r25 r26 H7:S",
            ),
            (
                "I",
                false,
                "I1:Y I2:B I3:K r27 I4:B I5:S I6:B r28 r29 I7:S I8:G r30 I9:B",
            ),
            (
                "J",
                true,
                "J1:K J2:U r31 J3:G r32 r33 r34 J4:G J5:R J6:U J7:Y J8:K",
            ),
        ],
    ),
    (
        "fjords",
        &[
            (
                "A",
                false,
                "A1:G A2:K r0 A3:U A4:Y A5:S A6:K A7:S A8:Y A9:R A10:K A11:B A12:Y",
            ),
            ("B", true, "B1:B B2:U r1 B3:B B4:G B5:R r2 r3 r4 r5 r6 B6:U"),
            (
                "C",
                false,
                "C1:S C2:G C3:R r7 r8 C4:U r9 C5:K C6:S C7:U C8:Y r10 C9:S",
            ),
            (
                "D",
                true,
                "r11 r12 r13 D1:S r14 r15 D2:G D3:R D4:B D5:G D6:R r16",
            ),
            (
                "E",
                false,
                "E1:R E2:S E3:Y r17 E4:B E5:R r18 E6:U E7:Y E8:S E9:U r19 E10:K",
            ),
            (
                "F",
                true,
                "F1:K F2:U r20 F3:G F4:Y F5:G r21 F6:S F7:B F8:G r22 F9:S",
            ),
            (
                "G",
                false,
                "G1:Y G2:B r23 G3:K G4:S G5:K G6:B r24 G7:U G8:K r25 G9:G G10:R",
            ),
            (
                "H",
                true,
                "H1:G r26 H2:U H3:R H4:U H5:Y H6:R r27 r28 r29 H7:R H8:B",
            ),
            (
                "I",
                false,
                "I1:K r30 r31 I2:G I3:B I4:S I5:B r32 I6:G I7:Y I8:K I9:U I10:Y",
            ),
        ],
    ),
    (
        "archipelago",
        &[
            (
                "A",
                false,
                "A1:K A2:B A3:R A4:G A5:B A6:U r0 A7:R A8:U A9:K r1 A10:B A11:G",
            ),
            (
                "B",
                true,
                "B1:G B2:S B3:K B4:R B5:S B6:Y r2 r3 B7:G r4 B8:K B9:S",
            ),
            (
                "C",
                false,
                "C1:Y C2:K C3:Y C4:U C5:B C6:G r5 C7:B r6 r7 r8 r9 C8:B",
            ),
            (
                "D",
                true,
                "r10 D1:S D2:R r11 r12 r13 D3:U D4:Y r14 D5:R D6:Y r15",
            ),
            (
                "E",
                false,
                "E1:B r16 E2:G r17 E3:R r18 r19 E4:R E5:G r20 E6:U E7:K E8:U",
            ),
            (
                "F",
                true,
                "F1:R r21 r22 F2:S F3:K r23 r24 r25 r26 F4:S F5:G r27",
            ),
            (
                "G",
                false,
                "G1:S G2:U G3:G G4:B G5:Y G6:B r28 G7:S G8:K r29 r30 r31 G9:B",
            ),
            (
                "H",
                true,
                "H1:K H2:S H3:Y H4:R H5:S H6:G r32 H7:U r33 H8:Y H9:K H10:R",
            ),
            (
                "I",
                false,
                "I1:B I2:Y I3:G I4:U I5:K I6:U r34 I7:Y I8:S r35 I9:R I10:U I11:Y",
            ),
        ],
    ),
];
