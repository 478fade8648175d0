package dev.deflateaccel.lab.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartWriterTest {

    @Test
    void chartsGoInRowsBelowTheHeaderLines(@TempDir Path dir) throws IOException {
        Path png = dir.resolve("grid.png");
        List<String> header = List.of("command: test", "machine: here");
        assertTrue(ChartWriter.write("test", header, List.of(bar("a"), bar("b"), bar("c")), 2, 300, 200, png));

        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(2 * 300, image.getWidth(), "two columns");
        int top = header.size() * 18 + 12;
        assertEquals(top + 2 * 200, image.getHeight(), "the header's lines, then two rows for three charts");
        boolean headerInked = false;
        for (int x = 0; x < 200 && !headerInked; x++) {
            for (int y = 0; y < top && !headerInked; y++) {
                headerInked = image.getRGB(x, y) != Color.WHITE.getRGB();
            }
        }
        assertTrue(headerInked, "the header's text is drawn above the charts");
        assertNotEquals(Color.WHITE.getRGB(), image.getRGB(150, top + 10), "the first chart starts below it");
    }

    @Test
    void nothingToDrawIsNoChart(@TempDir Path dir) {
        Path png = dir.resolve("none.png");
        assertFalse(ChartWriter.write("test", List.of(), List.of(), 2, 300, 200, png));
        assertFalse(Files.exists(png));
    }

    private static JFreeChart bar(String title) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        data.addValue(1.0, "median", "x");
        return ChartFactory.createBarChart(title, null, null, data, PlotOrientation.HORIZONTAL, false, false, false);
    }
}
