package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;

import javax.management.ObjectName;

/**
 * Runs in a JVM started with {@code -javaagent:deflate-accel-agent.jar}: prints
 * {@code JMX <object name> <attribute>=<value>} as an operator's JMX client would read it.
 * Exit status 1 when the MBean is not registered.
 */
public final class JmxAttributeMain {
    private JmxAttributeMain() {
    }

    public static void main(String[] args) throws Exception {
        ObjectName name = new ObjectName(args[0]);
        if (!ManagementFactory.getPlatformMBeanServer().isRegistered(name)) {
            System.out.println("JMX " + name + " not registered");
            System.exit(1);
        }
        Object value = ManagementFactory.getPlatformMBeanServer().getAttribute(name, args[1]);
        System.out.println("JMX " + name + " " + args[1] + "=" + value);
    }
}
