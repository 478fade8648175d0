package dev.deflateaccel.lab.node;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Horizontal bar charts (JFreeChart), two per row, in one PNG under a header that says how the
 * numbers were made (command, date, machine) - a figure that travels without its markdown must
 * still say where it came from.
 */
final class BarChartGrid {

    private static final int W = 700;
    private static final int H = 420;
    private static final int LINE = 18;

    /** One chart: its title and value per bar, in display order. */
    static final class Panel {
        final String title;
        final Map<String, Double> bars;

        Panel(String title, Map<String, Double> bars) {
            this.title = title;
            this.bars = bars;
        }
    }

    private BarChartGrid() {
    }

    static void write(List<String> header, List<Panel> panels, Path png) throws IOException {
        int rows = (panels.size() + 1) / 2;
        int top = header.size() * LINE + 12;
        BufferedImage image = new BufferedImage(2 * W, top + rows * H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        for (int i = 0; i < header.size(); i++) {
            g.drawString(header.get(i), 10, (i + 1) * LINE);
        }
        for (int i = 0; i < panels.size(); i++) {
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            panels.get(i).bars.forEach((label, value) -> data.addValue(value, "median", label));
            JFreeChart chart = ChartFactory.createBarChart(panels.get(i).title, null, null, data,
                    PlotOrientation.HORIZONTAL, false, false, false);
            chart.draw(g, new Rectangle2D.Double((i % 2) * W, top + (i / 2) * H, W, H));
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }
}
