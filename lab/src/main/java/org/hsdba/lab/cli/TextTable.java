package org.hsdba.lab.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A plain text table: left-aligned text columns, right-aligned numeric columns, padded to the widest cell. */
final class TextTable {

    private final List<String[]> rows = new ArrayList<>();
    private final boolean[] rightAligned;

    TextTable(boolean[] rightAligned, String... header) {
        this.rightAligned = rightAligned.clone();
        rows.add(header);
    }

    void add(String... cells) {
        if (cells.length != rows.get(0).length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, header has " + rows.get(0).length);
        }
        rows.add(cells);
    }

    void print(PrintStream out) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String pad = " ".repeat(width[c] - row[c].length());
                sb.append(c == 0 ? "" : "  ").append(rightAligned[c] ? pad + row[c] : row[c] + pad);
            }
            out.println(sb.toString().stripTrailing());
        }
    }
}
