package org.vdsoexplorer.app.export;

import java.awt.image.BufferedImage;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * An animated GIF written frame by frame with the JDK's GIF writer: each frame shown for 1/fps s, looping
 * forever (the NETSCAPE2.0 application extension). Written to a temporary file beside the target and moved
 * over it by {@link #close()}; {@link #abandon()} deletes it instead (a cancelled export leaves nothing).
 */
public final class AnimatedGif implements Closeable {
    private static final String FORMAT = "javax_imageio_gif_image_1.0";
    private final Path file;
    private final Path tmp;
    private final ImageWriter writer;
    private final ImageOutputStream out;
    private final int delayCentis;
    private int frames;

    public AnimatedGif(Path file, int fps) throws IOException {
        this.file = file.toAbsolutePath();
        // not createTempFile: that makes it readable by the owner only, and the GIF is meant to be shared
        this.tmp = Files.createFile(org.vdsoexplorer.util.AtomicFiles.tempName(this.file));
        this.writer = ImageIO.getImageWritersByFormatName("gif").next();
        this.out = ImageIO.createImageOutputStream(tmp.toFile());
        this.delayCentis = Math.max(2, Math.round(100f / fps));
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
    }

    /** Appends one frame (opaque RGB; the writer builds its 256-colour palette). */
    public void add(BufferedImage image) throws IOException {
        ImageWriteParam param = writer.getDefaultWriteParam();
        IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image), param);
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(FORMAT);
        IIOMetadataNode gce = child(root, "GraphicControlExtension");
        gce.setAttribute("disposalMethod", "none");
        gce.setAttribute("userInputFlag", "FALSE");
        gce.setAttribute("transparentColorFlag", "FALSE");
        gce.setAttribute("delayTime", Integer.toString(delayCentis));
        gce.setAttribute("transparentColorIndex", "0");
        if (frames == 0) {
            IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
            app.setAttribute("applicationID", "NETSCAPE");
            app.setAttribute("authenticationCode", "2.0");
            app.setUserObject(new byte[] {1, 0, 0}); // sub-block 1: loop count 0 = forever
            child(root, "ApplicationExtensions").appendChild(app);
        }
        meta.setFromTree(FORMAT, root);
        writer.writeToSequence(new IIOImage(image, null, meta), param);
        frames++;
    }

    public int frames() { return frames; }

    @Override
    public void close() throws IOException {
        try {
            writer.endWriteSequence();
            out.close();
        } finally {
            writer.dispose();
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Asks the writer to stop the frame it is writing (any thread; it checks between rows), so that a cancel need not
     * wait for a large frame to finish; then {@link #abandon()}.
     */
    public void abort() { writer.abort(); }

    /** Deletes the temp file now, best effort (it may still be open: the writer's {@link #abandon()} deletes it again). */
    public void deleteTemp() {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // abandon() tries again once the writer has let go of it
        }
    }

    /** Stops without writing the target (cancelled or failed). */
    public void abandon() {
        try {
            out.close();
        } catch (IOException ignored) {
            // deleting it below is what matters
        }
        writer.dispose();
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // a leftover hidden .tmp file is harmless
        }
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) return (IIOMetadataNode) root.item(i);
        }
        IIOMetadataNode n = new IIOMetadataNode(name);
        root.appendChild(n);
        return n;
    }
}
