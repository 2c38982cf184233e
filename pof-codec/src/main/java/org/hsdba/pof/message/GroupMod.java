package org.hsdba.pof.message;

import java.util.List;
import org.hsdba.pof.FieldChecks;
import org.hsdba.pof.action.Action;

/**
 * GROUP_MOD ({@code pof_group}, 208-byte body): {@code u8 command | u8 type | u8 action_number |
 * pad | u32 group_id | u32 counter_id | u16 slotID | pad[2] | pof_action[4]}. The switch runs all
 * of a group's actions; the group type is ignored.
 */
public final class GroupMod extends PofMessage {
    public static final int BODY_LENGTH = 208;
    public static final int MAX_ACTIONS = 4;

    private final int command;
    private final int groupType;
    private final long groupId;
    private final long counterId;
    private final int slotId;
    private final List<Action> actions;

    /** @param command one of {@link GroupCommand} */
    public GroupMod(long xid, int command, int groupType, long groupId, long counterId, int slotId,
                    List<Action> actions) {
        super(xid);
        this.command = FieldChecks.u8(command, "command");
        this.groupType = FieldChecks.u8(groupType, "type");
        this.groupId = FieldChecks.u32(groupId, "group_id");
        this.counterId = FieldChecks.u32(counterId, "counter_id");
        this.slotId = FieldChecks.u16(slotId, "slotID");
        this.actions = List.copyOf(actions);
        FieldChecks.count(this.actions.size(), MAX_ACTIONS, "actions in GROUP_MOD");
    }

    @Override
    public int type() {
        return MessageType.GROUP_MOD;
    }

    public int command() {
        return command;
    }

    public int groupType() {
        return groupType;
    }

    public long groupId() {
        return groupId;
    }

    public long counterId() {
        return counterId;
    }

    public int slotId() {
        return slotId;
    }

    public List<Action> actions() {
        return actions;
    }

    @Override
    protected Object[] components() {
        return new Object[] {command, groupType, groupId, counterId, slotId, actions};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"command", "groupType", "groupId", "counterId", "slotId", "actions"};
    }
}
