package org.hsdba.sim.record;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** Per-bin rows as CSV (RFC 4180 quoting for node ids and states), header first, LF line ends. */
public final class CsvWriter {

    private CsvWriter() {
    }

    public static void write(List<BinRow> rows, Writer out) throws IOException {
        line(out, BinRow.COLUMNS);
        for (BinRow row : rows) {
            line(out, row.cells());
        }
        out.flush();
    }

    private static void line(Writer out, String[] cells) throws IOException {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(quote(cells[i]));
        }
        out.write('\n');
    }

    static String quote(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
