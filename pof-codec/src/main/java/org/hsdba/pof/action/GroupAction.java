package org.hsdba.pof.action;

import org.hsdba.pof.FieldChecks;

/** GROUP: run all actions of a group and count it. */
public final class GroupAction extends Action {
    private final long groupId;

    public GroupAction(int len, long groupId) {
        super(len);
        this.groupId = FieldChecks.u32(groupId, "group_id");
    }

    public static GroupAction of(long groupId) {
        return new GroupAction(DEFAULT_LEN, groupId);
    }

    @Override
    public int type() {
        return ActionType.GROUP;
    }

    public long groupId() {
        return groupId;
    }

    @Override
    protected Object[] components() {
        return new Object[] {groupId};
    }

    @Override
    protected String[] componentNames() {
        return new String[] {"groupId"};
    }
}
