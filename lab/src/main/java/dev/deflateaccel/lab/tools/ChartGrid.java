package dev.deflateaccel.lab.tools;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;

/**
 * Several charts side by side in one PNG, so a report links one picture per run. Headless: the
 * runners work on build machines without a display.
 */
public final class ChartGrid {
    private ChartGrid() {
    }

    /** Draws {@code charts} in rows of {@code columns}, each {@code width} x {@code height} pixels. */
    public static void write(List<JFreeChart> charts, int columns, int width, int height, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int rows = (charts.size() + columns - 1) / columns;
        int cols = Math.min(columns, charts.size());
        BufferedImage image = new BufferedImage(cols * width, rows * height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            for (int i = 0; i < charts.size(); i++) {
                charts.get(i).draw(g, new Rectangle2D.Double((i % columns) * width, (i / columns) * height, width, height));
            }
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", png.toFile());
    }
}
