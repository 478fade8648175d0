package dev.deflateaccel.lab.tools;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;

/**
 * The one chart writer of the lab's reports: several charts side by side in one PNG, so a report
 * links one picture per run, on a white background with light grid lines, optionally under a few
 * lines of text that say how the numbers were made (a figure that travels without its markdown must
 * still say where it came from). Headless: the runners work on build machines without a display.
 */
public final class ChartWriter {
    private static final int HEADER_LINE = 18;

    private ChartWriter() {
    }

    /** The house style, for a plot made by any JFreeChart factory. */
    public static <P extends Plot> P style(P plot) {
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot) {
            ((XYPlot) plot).setDomainGridlinePaint(Color.LIGHT_GRAY);
            ((XYPlot) plot).setRangeGridlinePaint(Color.LIGHT_GRAY);
        } else if (plot instanceof CategoryPlot) {
            ((CategoryPlot) plot).setRangeGridlinePaint(Color.LIGHT_GRAY);
        }
        return plot;
    }

    /**
     * Draws {@code charts} in rows of {@code columns}, each {@code width} x {@code height} pixels,
     * under the lines of {@code header} (none: no header); false (and why, on the console) when there
     * is nothing to draw or drawing failed: a report without its chart is still a report.
     */
    public static boolean write(String tag, List<String> header, List<JFreeChart> charts, int columns, int width,
                                int height, Path png) {
        if (charts.isEmpty()) {
            return false;
        }
        try {
            System.setProperty("java.awt.headless", "true");
            int rows = (charts.size() + columns - 1) / columns;
            int cols = Math.min(columns, charts.size());
            int top = header.isEmpty() ? 0 : header.size() * HEADER_LINE + 12;
            BufferedImage image = new BufferedImage(cols * width, top + rows * height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            try {
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, image.getWidth(), image.getHeight());
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
                for (int i = 0; i < header.size(); i++) {
                    g.drawString(header.get(i), 10, (i + 1) * HEADER_LINE);
                }
                for (int i = 0; i < charts.size(); i++) {
                    charts.get(i).draw(g, new Rectangle2D.Double((i % columns) * width, top + (i / columns) * height,
                            width, height));
                }
            } finally {
                g.dispose();
            }
            ImageIO.write(image, "png", png.toFile());
            return true;
        } catch (IOException | RuntimeException | Error e) {
            System.out.println("[" + tag + "] no chart: " + e);
            return false;
        }
    }
}
